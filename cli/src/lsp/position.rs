//! Byte offsets (what the analysis speaks) to the protocol's positions and back: a line and a
//! column counted in UTF-16 code units, as LSP asks unless the client agrees otherwise.

use lsp_types::{Position, Range};

/// Where each line of a text starts.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`.
    pub fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The position of byte `offset` (clamped to the text, and back to a character boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let column: usize = self.text[self.starts[line]..offset]
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(line as u32, column as u32)
    }

    /// The range of bytes `start..end`.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end))
    }

    /// The byte offset of a position (a column past the line's end is its end).
    pub fn offset(&self, p: Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(p.line as usize + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let mut units = 0;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= p.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units.
        let text = "ab\né𝄞x\n";
        let idx = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(x), Position::new(1, 3));
        assert_eq!(idx.offset(Position::new(1, 3)), x);
        assert_eq!(idx.position(0), Position::new(0, 0));
        assert_eq!(idx.offset(Position::new(1, 99)), text.len() - 1);
        assert_eq!(idx.offset(Position::new(9, 0)), text.len());
        assert_eq!(idx.position(text.len()), Position::new(2, 0));
    }
}
