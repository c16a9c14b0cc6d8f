//! Bounded output capture: keeps the last `cap` bytes of a stream and
//! counts the rest, so 100 MB of output costs `cap` bytes of memory.

use std::collections::VecDeque;

#[derive(Debug, Clone)]
pub struct Capture {
    cap: usize,
    tail: VecDeque<u8>,
    total: u64,
}

impl Capture {
    pub fn new(cap: usize) -> Self {
        Capture {
            cap,
            tail: VecDeque::with_capacity(cap.min(64 * 1024)),
            total: 0,
        }
    }

    pub fn push(&mut self, data: &[u8]) {
        self.total += data.len() as u64;
        if self.cap == 0 {
            return;
        }
        if data.len() >= self.cap {
            self.tail.clear();
            self.tail.extend(&data[data.len() - self.cap..]);
            return;
        }
        let overflow = (self.tail.len() + data.len()).saturating_sub(self.cap);
        self.tail.drain(..overflow);
        self.tail.extend(data);
    }

    pub fn total(&self) -> u64 {
        self.total
    }

    pub fn truncated(&self) -> bool {
        self.total > self.tail.len() as u64
    }

    /// The kept tail as text (invalid UTF-8, such as a character cut at the
    /// start of the tail, is replaced).
    pub fn into_string(mut self) -> String {
        String::from_utf8_lossy(self.tail.make_contiguous()).into_owned()
    }
}

/// A command's two output streams, each kept within its cap.
pub struct Output {
    pub stdout: Capture,
    pub stderr: Capture,
}

impl Output {
    pub fn new(cap: usize) -> Output {
        Output {
            stdout: Capture::new(cap),
            stderr: Capture::new(cap),
        }
    }

    /// Keeps a chunk of `stream`.
    pub fn push(&mut self, stream: super::Stream, data: &[u8]) {
        match stream {
            super::Stream::Stdout => self.stdout.push(data),
            super::Stream::Stderr => self.stderr.push(data),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_tail_and_counts_everything() {
        let mut c = Capture::new(5);
        c.push(b"hello");
        assert!(!c.truncated());
        c.push(b" world");
        assert_eq!(c.total(), 11);
        assert!(c.truncated());
        assert_eq!(c.clone().into_string(), "world");
        c.push(b"!");
        assert_eq!(c.into_string(), "orld!");
    }

    #[test]
    fn huge_chunks_stay_bounded() {
        let mut c = Capture::new(1024);
        let chunk = vec![b'x'; 64 * 1024];
        for _ in 0..100 {
            c.push(&chunk);
        }
        assert_eq!(c.total(), 6_553_600);
        assert_eq!(c.tail.len(), 1024);
        assert!(c.tail.capacity() < 128 * 1024);
    }
}
