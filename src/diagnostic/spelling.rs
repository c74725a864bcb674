//! Suggesting the name a misspelt one was meant to be.

/// The known name closest to `name`, if one is close enough to be a likely
/// typo: at most 2 edits, or a third of the name's length for long names.
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // The length difference is a lower bound on the distance: most names
    // are ruled out without computing it.
    known
        .into_iter()
        .filter(|k| k.len().abs_diff(name.len()) <= 2.max(k.len() / 3))
        .map(|k| (strsim::damerau_levenshtein(k, name), k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}
