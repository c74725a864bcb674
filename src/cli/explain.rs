//! `tabula explain CODE`: what a diagnostic code means, from the diagnostics
//! reference (docs/diagnostics.md, built into the program).

use super::Failure;

/// The diagnostics reference, one `## CODE: title` section per code.
const REFERENCE: &str = include_str!("../../docs/diagnostics.md");

/// Arguments of `tabula explain`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A diagnostic code, as a report heads it: E0002, W0001, R0003 (case and
    /// leading zeros do not matter: e2 is E0002).
    pub code: String,
}

/// Runs `tabula explain`.
pub fn run(args: Args) -> Result<(), Failure> {
    let code = normalise(&args.code).ok_or_else(|| unknown(&args.code))?;
    let text = section(&code).ok_or_else(|| unknown(&code))?;
    println!("{}", text.trim_end());
    Ok(())
}

/// `e2`, `E002` and `E0002` all mean `E0002`; anything else is no code.
fn normalise(typed: &str) -> Option<String> {
    let typed = typed.trim();
    let letter = typed.chars().next()?.to_ascii_uppercase();
    let digits = typed.get(1..)?;
    if !matches!(letter, 'E' | 'W' | 'R') || digits.is_empty() || digits.len() > 4 {
        return None;
    }
    let number: u16 = digits.parse().ok()?;
    Some(format!("{letter}{number:04}"))
}

/// The section of the reference about `code`, as plain text: the markdown
/// marks dropped, the examples indented.
fn section(code: &str) -> Option<String> {
    let heading = format!("## {code}:");
    let start = REFERENCE.find(&heading)?;
    let rest = &REFERENCE[start..];
    let end = rest[heading.len()..]
        .find("\n## ")
        .map_or(rest.len(), |i| i + heading.len());
    let mut text = String::new();
    let mut example = false;
    for line in rest[..end].lines() {
        if line.starts_with("```") {
            example = !example;
            continue;
        }
        match example {
            true => text.push_str(&format!("    {line}")),
            false => text.push_str(&line.replace("**", "")),
        }
        text.push('\n');
    }
    Some(text.trim_start_matches("## ").to_string())
}

/// A usage error listing the codes there are.
fn unknown(typed: &str) -> Failure {
    let codes: Vec<&str> = REFERENCE
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|l| l.split_once(':').map(|(code, _)| code))
        .filter(|c| normalise(c).as_deref() == Some(*c))
        .collect();
    Failure::usage(format!(
        "error: no diagnostic code `{}`; the codes are {}",
        crate::report::printable(typed),
        codes.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_section_and_spellings_are_forgiven() {
        assert_eq!(normalise("e2").as_deref(), Some("E0002"));
        assert_eq!(normalise(" W0001 ").as_deref(), Some("W0001"));
        assert_eq!(normalise("X0001"), None);
        assert_eq!(normalise("E"), None);
        assert_eq!(normalise("E99999"), None);
        let text = section("E0002").unwrap();
        assert!(text.starts_with("E0002: unknown name\n"), "{text}");
        assert!(text.contains("did you mean `empty`?"), "{text}");
        assert!(!text.contains("```") && !text.contains("**"), "{text}");
        assert!(
            text.contains("\n      place where emtpy\n"),
            "examples indented: {text}"
        );
        assert!(!text.contains("E0003"), "ends before the next code: {text}");
        let last = section("R0006").unwrap();
        assert!(last.starts_with("R0006: moves too slow to list"), "{last}");
        assert!(!section("R0005").unwrap().contains("R0006:"));
    }
}
