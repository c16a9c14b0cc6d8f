//! Rebuilds the crate when a migration is added or changed: `sqlx::migrate!`
//! embeds the migration folders at compile time, and cargo would otherwise
//! not know to look at them.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
