//! Drawing the board and the game status in the terminal (placeholder).
