//! tools

use super::*;

pub(super) const ENTRIES: &[Entry] = &[];
