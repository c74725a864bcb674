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

/// Every rules file of `rules/` and `tests/hostile/` that compiles with
/// its default options, in name order: (path, rules).
pub fn shipped_and_hostile() -> Vec<(String, Rules)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for folder in ["rules", "tests/hostile"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .collect();
        files.sort();
        for file in files {
            let source = std::fs::read_to_string(&file).expect("rules");
            if let Ok(rules) = tabula::compile::load(&source, &[]) {
                all.push((file.display().to_string(), rules));
            }
        }
    }
    all
}
