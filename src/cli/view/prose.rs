//! Numbers and sentences as the terminal shows them.

/// A rate to three significant digits: `187000`, `1370`, `2.35`, `0.0523`.
pub fn rounded(rate: f64) -> String {
    if !rate.is_finite() || rate <= 0.0 {
        return "0".to_string();
    }
    let digits = rate.log10().floor() as i32 + 1;
    if digits >= 3 {
        let unit = 10f64.powi(digits - 3);
        format!("{:.0}", (rate / unit).round() * unit)
    } else {
        let decimals = (3 - digits).min(6) as usize;
        format!("{rate:.decimals$}")
    }
}

/// The words of `text` on lines of at most `width` characters.
pub fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() {
            line.push_str(word);
        } else if line.chars().count() + 1 + word.chars().count() <= width {
            line.push(' ');
            line.push_str(word);
        } else {
            lines.push(word.to_string());
        }
    }
    lines.join("\n")
}

/// The columns of the terminal that prose is wrapped to.
pub const COLUMNS: usize = 80;

/// `text` as the terminal shows it: each line that does not fit in
/// [`COLUMNS`] broken between words (never inside one), its continuation
/// indented as the line is; lines that fit, and their spacing, kept.
pub fn fit(text: &str) -> String {
    let lines = text.split('\n').map(|line| {
        if line.chars().count() <= COLUMNS {
            return line.to_string();
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let room = COLUMNS.saturating_sub(indent.chars().count()).max(20);
        let wrapped = wrap(line, room);
        let lines: Vec<String> = wrapped.lines().map(|l| format!("{indent}{l}")).collect();
        lines.join("\n")
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// The text with its first letter in upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}
