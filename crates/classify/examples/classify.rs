//! Classifies each line of standard input (or each argument) and prints
//! `class<TAB>command<TAB>reason`: a quick probe while writing tables.
//!
//!     cargo run -p nomos-classify --example classify -- 'ls -la' 'rm -rf /'
//!
//! `NOMOS_EGRESS_ALLOW=pve1,pve2,.example.org` adds hosts read-only
//! commands may reach, as an inventory and `[gate] egress_allow` do
//! (loopback and the lab's private addresses only without it).

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
    let allowed = std::env::var("NOMOS_EGRESS_ALLOW").unwrap_or_default();
    let egress = nomos_classify::Egress::new(allowed.split(',').filter(|h| !h.is_empty()));
    for line in lines {
        let c = nomos_classify::classify_with(&line, None, &egress);
        println!("{}\t{line}\t{}", c.class, c.reason);
    }
}
