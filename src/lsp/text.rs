//! Positions in a document as the protocol counts them (lines, and UTF-16
//! code units within a line) and as the checker does (byte offsets).

use lsp_types::{Position, Range};

/// A text's lines, to turn offsets into the protocol's positions and back.
pub struct Lines<'t> {
    text: &'t str,
    lines: crate::report::Lines<'t>,
}

impl<'t> Lines<'t> {
    /// The lines of `text`.
    pub fn new(text: &'t str) -> Self {
        Lines {
            text,
            lines: crate::report::Lines::new(text),
        }
    }

    /// The position of byte `offset` (clamped to the text, and back to the
    /// start of a character it falls inside).
    pub fn position(&self, offset: usize) -> Position {
        let (line, start, offset) = self.lines.locate(offset);
        let character = self.text[start..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    /// The range from byte `start` to byte `end`.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end.max(start)))
    }

    /// The byte offset of `position` (clamped to its line, and to the text).
    pub fn offset(&self, position: Position) -> usize {
        let Some((start, line)) = self.lines.line(position.line as usize) else {
            return self.text.len();
        };
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_positions_agree_past_wide_characters() {
        let text = "ab\n// é𝄞 x\nlast";
        let lines = Lines::new(text);
        let x = text.find('x').unwrap();
        // `é` is one UTF-16 unit, `𝄞` two.
        assert_eq!(lines.position(x), Position::new(1, 7));
        assert_eq!(lines.offset(Position::new(1, 7)), x);
        assert_eq!(lines.offset(Position::new(9, 0)), text.len());
        assert_eq!(lines.position(text.len()), Position::new(2, 4));
    }
}
