//! Players: random and Monte Carlo tree search (placeholder, being written).
