//! Prints a card file's tree, its syntax errors and its canonical formatting:
//! `cargo run -p cosmic-grammar --example dump -- FILE`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump FILE");
        std::process::exit(2);
    };
    let source = match std::fs::read_to_string(&path) {
        Ok(source) => source,
        Err(err) => {
            eprintln!("{path}: {err}");
            std::process::exit(2);
        }
    };
    let parsed = cosmic_grammar::parse(&source);
    print!("{}", cosmic_grammar::dump(&parsed.file));
    for error in &parsed.errors {
        println!(
            "error: {error} @{}..{}",
            error.span().start,
            error.span().end
        );
    }
    println!("---- formatted ----");
    print!("{}", cosmic_grammar::format(&parsed.file));
}
