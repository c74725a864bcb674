//! The rules file a record names: written relative to the record's folder,
//! and read back only from there, inside the record's folder or the current
//! one. A record from elsewhere cannot make Tabula read, or print the name
//! of, a file outside those folders: that takes `--rules FILE`.

use std::path::{Component, Path, PathBuf};

/// The name to store in a record at `record` for the rules file `rules`:
/// the path from the record's folder to it (`../rules/x.game`), or `rules`
/// as given when either cannot be found (the built-in game, standard input).
pub fn for_record(rules: &str, record: &Path) -> String {
    let folder = record.parent().filter(|p| !p.as_os_str().is_empty());
    let folder = folder.unwrap_or(Path::new("."));
    let (Ok(target), Ok(base)) = (Path::new(rules).canonicalize(), folder.canonicalize()) else {
        return rules.to_string();
    };
    let common = target
        .components()
        .zip(base.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut path = PathBuf::new();
    for _ in base.components().skip(common) {
        path.push("..");
    }
    path.extend(target.components().skip(common));
    path.to_string_lossy().into_owned()
}

/// Where the rules named `rules` by the record at `record` are, as a path to
/// print and read: relative to the record's folder, and only inside it or
/// the current folder; `None` when there is no such file there.
pub fn locate(rules: &str, record: &str) -> Option<String> {
    let named = Path::new(rules);
    if named.has_root() || named.is_absolute() {
        return None;
    }
    let folder = Path::new(record)
        .parent()
        .filter(|p| !p.as_os_str().is_empty());
    let folder = folder.unwrap_or(Path::new("."));
    let found = folder.join(named).canonicalize().ok()?;
    let here = Path::new(".").canonicalize().ok();
    if let Some(inside) = here.as_ref().and_then(|h| found.strip_prefix(h).ok()) {
        return Some(inside.to_string_lossy().into_owned());
    }
    let in_folder = folder.canonicalize().is_ok_and(|f| found.starts_with(f));
    in_folder.then(|| folder.join(named).to_string_lossy().into_owned())
}

/// Whether a name can be printed as it stands: relative, and never climbing
/// out of the record's folder.
pub fn printable(rules: &str) -> bool {
    let path = Path::new(rules);
    !path.has_root()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_to_the_record_and_read_back_only_nearby() {
        let dir = tempfile::TempDir::new().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("rules")).unwrap();
        std::fs::create_dir_all(root.join("records/a")).unwrap();
        let rules = root.join("rules/x.game");
        std::fs::write(&rules, "game").unwrap();
        let record = root.join("records/a/g.json");
        let name = for_record(rules.to_str().unwrap(), &record);
        assert_eq!(name, "../../rules/x.game");
        // Beside the record, a plain name.
        let beside = root.join("rules/g.json");
        assert_eq!(for_record(rules.to_str().unwrap(), &beside), "x.game");
        assert!(printable("x.game") && printable("sub/x.game"));
        assert!(!printable("../x.game") && !printable("/etc/passwd"));
        // An absolute name is never read.
        assert_eq!(
            locate(rules.to_str().unwrap(), record.to_str().unwrap()),
            None
        );
        // A name climbing out of the record's folder and of the current
        // folder (a temporary folder is not the tests' folder) is not read.
        assert_eq!(locate(&name, record.to_str().unwrap()), None);
        let inside = root.join("rules/g.json");
        let found = locate("x.game", inside.to_str().unwrap()).unwrap();
        assert!(found.ends_with("rules/x.game"), "{found}");
    }
}
