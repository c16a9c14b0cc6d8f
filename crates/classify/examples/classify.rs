//! Classifies each line of standard input (or each argument) and prints
//! `class<TAB>command<TAB>reason`: a quick probe while writing tables.
//!
//!     cargo run -p nomos-classify --example classify -- 'ls -la' 'rm -rf /'

use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lines: Vec<String> = if args.is_empty() {
        std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect()
    } else {
        args
    };
    for line in lines {
        let c = nomos_classify::classify(&line, None);
        println!("{}\t{line}\t{}", c.class, c.reason);
    }
}
