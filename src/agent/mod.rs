//! The agent: what turns an operator's sentence into a sequence of gated
//! steps. So far it holds the model client ([`llm`]); the tool registry,
//! the turn loop and auto-continuation build on it.

pub mod llm;
