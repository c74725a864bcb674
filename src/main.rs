//! The `tabula` command line.
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let src = std::fs::read_to_string(&path).unwrap();
    let c = tabula::check::check(&src);
    for d in c.diagnostics {
        let r = miette::Report::new(d).with_source_code(miette::NamedSource::new(&path, src.clone()));
        eprintln!("{r:?}");
    }
    println!("{:#?}", c.program.map(|p| p.phases.len()));
}
