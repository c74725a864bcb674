//! What several test files share: loading rules files and rules texts.

use tabula::ir::Rules;

/// The rules text `source` compiled with the options `set`.
pub fn load_text(source: &str, set: &[(&str, i64)]) -> Rules {
    let set: Vec<(String, i64)> = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    tabula::compile::load(source, &set).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The rules file `rules/FILE` compiled with the options `set`.
pub fn load(file: &str, set: &[(&str, i64)]) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    load_text(&std::fs::read_to_string(&path).expect("rules file"), set)
}
