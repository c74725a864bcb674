//! Track boards: a ring of one segment per seat (its start space, then its
//! numbered spaces), and for each seat a home, where its movers begin, and
//! an end zone that branches off at its start space.
//!
//! Cell ids: the ring first, seat by seat (seat s's start space is
//! `s * (segment + 1)`, its numbered space k follows it at `+ k`); then the
//! homes, one a seat; then the end zones, seat by seat, from the outermost
//! space (1) to the innermost.
//!
//! A facing track (`board track N facing`) is one line of `N` spaces
//! between two seats instead of a ring: space `p1` is cell 0, and the first
//! seat walks from `pN` down to `p1`, the second from `p1` up to `pN`, each
//! from its home onto the first space of its way and past the last into its
//! end zone. Its homes and end zones follow as on a ring.

use super::{CellId, CmpOp, Node, Select, NO_CELL};

/// The most spaces a split may divide: its ways are listed one by one.
pub const MAX_SPLIT: usize = 12;

/// What kind of space a cell of a track board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceKind {
    /// A seat's start space on the ring.
    Start,
    /// A numbered space of the ring.
    Numbered,
    /// A seat's home.
    Home,
    /// A space of a seat's end zone.
    End,
}

/// The tables of a track board.
#[derive(Clone, Debug)]
pub struct Track {
    /// Seats (segments).
    pub seats: usize,
    /// Numbered spaces per segment.
    pub segment: usize,
    /// Movers per seat, who begin at home.
    pub movers: usize,
    /// Spaces per end zone.
    pub end_len: usize,
    /// Whether a walk steps over start spaces without counting them.
    pub starts_uncounted: bool,
    /// Whether a walk past the innermost free end space turns back there.
    pub turning_back: bool,
    /// Whether a walk may pass movers in an end zone.
    pub overtaking: bool,
    /// Whether a walk longer than the rest of its path ends on its last
    /// space (`overshooting`).
    pub overshooting: bool,
    /// Whether the track is one line between two seats (`facing`).
    pub facing: bool,
    /// Each cell's kind.
    pub kind: Vec<SpaceKind>,
    /// Each cell's seat: its segment's, home's or end zone's.
    pub seat_of: Vec<u8>,
    /// The spaces no walk may pass or land on (`blocked where`: the chosen
    /// cell is the space, `Node::Read(Read::Piece)` the walking mover's seat).
    pub blocked: Option<Select>,
    /// What happens where a walk ends (`after move`).
    pub after_move: AfterMove,
    /// The next space forward on each seat's path (`seat * cells + cell`),
    /// whoever stands there, or `NO_CELL` at its end: a walk's step is one
    /// look-up.
    pub ahead: Vec<CellId>,
    /// The next space back on each seat's path, likewise.
    pub behind: Vec<CellId>,
    /// Whether a walk steps onto a cell with nothing to check: a numbered
    /// space that no `blocked where` can block.
    pub plain: Vec<bool>,
    /// Each seat's path from its start space to its innermost end space
    /// (`seat * path_len + i`), where each cell is on it (`seat * cells +
    /// cell`, `u16::MAX` off it), and how many spaces of the path up to
    /// each are not plain: a walk over plain spaces only is read at once.
    paths: Paths,
}

/// Each seat's path as a list, for walks read at once.
#[derive(Clone, Debug, Default)]
struct Paths {
    len: usize,
    cells: Vec<CellId>,
    index: Vec<u16>,
    rough: Vec<u16>,
    /// Per seat and place on its path: the next place whose space is not
    /// plain (or the path's end).
    next_rough: Vec<u16>,
}

impl Track {
    /// The tables for `seats` segments of `segment` numbered spaces.
    pub fn new(seats: usize, segment: usize, movers: usize, end_len: usize) -> Self {
        Self::laid_out(seats, segment, movers, end_len, false)
    }

    /// The tables for a line of `spaces` between two seats (`facing`).
    pub fn facing(spaces: usize, movers: usize, end_len: usize) -> Self {
        Self::laid_out(2, spaces, movers, end_len, true)
    }

    fn laid_out(seats: usize, segment: usize, movers: usize, end_len: usize, facing: bool) -> Self {
        let ring = if facing {
            segment
        } else {
            seats * (segment + 1)
        };
        let mut kind = Vec::new();
        let mut seat_of = Vec::new();
        if facing {
            // Each half is the seat's whose way ends there.
            kind.extend(std::iter::repeat_n(SpaceKind::Numbered, segment));
            seat_of.extend((0..segment).map(|c| u8::from(c >= segment.div_ceil(2))));
        }
        for s in (0..seats).filter(|_| !facing) {
            kind.push(SpaceKind::Start);
            kind.extend(std::iter::repeat_n(SpaceKind::Numbered, segment));
            seat_of.extend(std::iter::repeat_n(s as u8, segment + 1));
        }
        kind.extend(std::iter::repeat_n(SpaceKind::Home, seats));
        seat_of.extend(0..seats as u8);
        for s in 0..seats {
            kind.extend(std::iter::repeat_n(SpaceKind::End, end_len));
            seat_of.extend(std::iter::repeat_n(s as u8, end_len));
        }
        debug_assert_eq!(kind.len(), ring + seats * (1 + end_len));
        let mut track = Track {
            seats,
            segment,
            movers,
            end_len,
            starts_uncounted: false,
            turning_back: false,
            overtaking: false,
            overshooting: false,
            facing,
            kind,
            seat_of,
            blocked: None,
            after_move: AfterMove::default(),
            ahead: Vec::new(),
            behind: Vec::new(),
            plain: Vec::new(),
            paths: Paths::default(),
        };
        let cells = 0..track.cells() as CellId;
        track.ahead = (0..seats)
            .flat_map(|s| cells.clone().map(move |c| (s, c)))
            .map(|(s, c)| track.step_ahead(s, c).unwrap_or(NO_CELL))
            .collect();
        track.behind = (0..seats)
            .flat_map(|s| cells.clone().map(move |c| (s, c)))
            .map(|(s, c)| track.step_behind(s, c).unwrap_or(NO_CELL))
            .collect();
        track.paths = track.lay_paths();
        track.set_blocked(None);
        track
    }

    /// Each seat's path, from its start space along `ahead`.
    fn lay_paths(&self) -> Paths {
        let (cells, len) = (self.cells(), self.ring() + self.end_len);
        let mut paths = Paths {
            len,
            cells: vec![NO_CELL; self.seats * len],
            index: vec![u16::MAX; self.seats * cells],
            rough: vec![0; self.seats * len],
            next_rough: vec![len as u16; self.seats * len],
        };
        for seat in 0..self.seats {
            let mut at = self.start(seat);
            for i in 0..len {
                paths.cells[seat * len + i] = at;
                paths.index[seat * cells + at as usize] = i as u16;
                at = self.ahead[seat * cells + at as usize];
                if at == NO_CELL {
                    break;
                }
            }
        }
        paths
    }

    /// The spaces a walk of `steps` from `from` ahead on `seat`'s path
    /// steps onto, when every one is plain: the walk at once, nothing to
    /// check on the way.
    #[inline(always)]
    pub fn plain_walk(&self, seat: usize, from: CellId, steps: usize) -> Option<&[CellId]> {
        let p = &self.paths;
        let i = *p.index.get(seat * self.kind.len() + from as usize)? as usize;
        let j = i + steps;
        if j >= p.len || p.rough[seat * p.len + j] != p.rough[seat * p.len + i] {
            return None;
        }
        Some(&p.cells[seat * p.len + i + 1..=seat * p.len + j])
    }

    /// Where `from` is on `seat`'s path, if it is.
    #[inline(always)]
    pub fn path_place(&self, seat: usize, from: CellId) -> Option<usize> {
        let p = &self.paths;
        let i = *p.index.get(seat * self.kind.len() + from as usize)? as usize;
        (i < p.len).then_some(i)
    }

    /// The place on `seat`'s path after `i` whose space is not plain, and
    /// that space (`NO_CELL` past the path's end).
    #[inline(always)]
    pub fn next_rough(&self, seat: usize, i: usize) -> (usize, CellId) {
        let p = &self.paths;
        let r = p.next_rough[seat * p.len + i] as usize;
        let cell = if r < p.len {
            p.cells[seat * p.len + r]
        } else {
            NO_CELL
        };
        (r, cell)
    }

    /// The space at place `i` of `seat`'s path (`i` below the path's length).
    #[inline(always)]
    pub fn path_cell(&self, seat: usize, i: usize) -> CellId {
        self.paths.cells[seat * self.paths.len + i]
    }

    /// Sets the spaces no walk may pass (`blocked where`), and with them
    /// which spaces are plain.
    pub fn set_blocked(&mut self, blocked: Option<Select>) {
        let free = |c: usize| match &blocked {
            None => true,
            Some(select) => select
                .mask
                .as_ref()
                .is_some_and(|m| !m.contains(c as CellId)),
        };
        self.plain = (0..self.cells())
            .map(|c| self.kind[c] == SpaceKind::Numbered && free(c))
            .collect();
        self.blocked = blocked;
        let p = &mut self.paths;
        for seat in 0..self.seats {
            let mut rough = 0;
            for i in 0..p.len {
                let c = p.cells[seat * p.len + i];
                rough += u16::from(c == NO_CELL || !self.plain[c as usize]);
                p.rough[seat * p.len + i] = rough;
            }
            let mut next = p.len as u16;
            for i in (0..p.len).rev() {
                p.next_rough[seat * p.len + i] = next;
                let c = p.cells[seat * p.len + i];
                if c == NO_CELL || !self.plain[c as usize] {
                    next = i as u16;
                }
            }
        }
    }

    /// The space after `at` on `seat`'s path: along the ring, and past the
    /// seat's own start space into its end zone, to its innermost space.
    fn step_ahead(&self, seat: usize, at: CellId) -> Option<CellId> {
        let end = self.end_index(at);
        if self.facing && end == 0 {
            return Some(self.facing_ahead(seat, at));
        }
        Some(match self.kind[at as usize] {
            SpaceKind::Home => return None,
            SpaceKind::End if end < self.end_len => self.end(seat, end + 1),
            SpaceKind::End => return None,
            _ if at != self.start(seat) && self.next(at) == self.start(seat) => self.end(seat, 1),
            _ => self.next(at),
        })
    }

    /// The space before `at` on `seat`'s path: down the end zone onto the
    /// ring before the seat's start space, or back along the ring.
    fn step_behind(&self, seat: usize, at: CellId) -> Option<CellId> {
        if self.facing {
            return self.facing_behind(seat, at);
        }
        Some(match self.end_index(at) {
            _ if self.kind[at as usize] == SpaceKind::Home => return None,
            0 => self.prev(at),
            1 => self.prev(self.start(seat)),
            k => self.end(seat, k - 1),
        })
    }

    /// The space after `at` (on the line, or a home) on `seat`'s way
    /// along a facing track: from home onto the way's first space, past
    /// its last into the end zone.
    fn facing_ahead(&self, seat: usize, at: CellId) -> CellId {
        let (at, last) = (at as usize, self.ring() - 1);
        match (self.kind[at], seat) {
            (SpaceKind::Home, _) => self.start(seat),
            (_, 0) if at == 0 => self.end(0, 1),
            (_, 0) => (at - 1) as CellId,
            _ if at == last => self.end(1, 1),
            _ => (at + 1) as CellId,
        }
    }

    /// The space before `at` on `seat`'s way along a facing track: none
    /// before the first space or from a home.
    fn facing_behind(&self, seat: usize, at: CellId) -> Option<CellId> {
        let (c, last) = (at as usize, self.ring() - 1);
        let way_end = if seat == 0 { 0 } else { last };
        match self.end_index(at) {
            _ if self.kind[c] == SpaceKind::Home => None,
            1 => Some(way_end as CellId),
            0 if c == self.start(seat) as usize => None,
            0 if seat == 0 => Some((c + 1) as CellId),
            0 => Some((c - 1) as CellId),
            k => Some(self.end(seat, k - 1)),
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.kind.len()
    }

    /// The number of ring spaces (of the line, facing).
    pub fn ring(&self) -> usize {
        if self.facing {
            return self.segment;
        }
        self.seats * (self.segment + 1)
    }

    /// A seat's start space (facing: the first space of its way).
    pub fn start(&self, seat: usize) -> CellId {
        if self.facing {
            return if seat == 0 { self.segment - 1 } else { 0 } as CellId;
        }
        (seat * (self.segment + 1)) as CellId
    }

    /// A seat's home.
    pub fn home(&self, seat: usize) -> CellId {
        (self.ring() + seat) as CellId
    }

    /// A seat's end space k, from 1 (outermost).
    pub fn end(&self, seat: usize, k: usize) -> CellId {
        (self.ring() + self.seats + seat * self.end_len + k - 1) as CellId
    }

    /// Which end space (from 1) a cell is, or 0.
    pub fn end_index(&self, cell: CellId) -> usize {
        let first = self.ring() + self.seats;
        match (cell as usize).checked_sub(first) {
            Some(i) if i < self.seats * self.end_len => i % self.end_len + 1,
            _ => 0,
        }
    }

    /// The ring space after `cell` (clockwise).
    pub fn next(&self, cell: CellId) -> CellId {
        ((cell as usize + 1) % self.ring()) as CellId
    }

    /// The ring space before `cell`.
    pub fn prev(&self, cell: CellId) -> CellId {
        ((cell as usize + self.ring() - 1) % self.ring()) as CellId
    }

    /// How far along its own path a mover of `seat` on `cell` is: -1 at
    /// home, the spaces from its start space on the ring, then the end zone.
    pub fn progress(&self, seat: usize, cell: CellId) -> i32 {
        match self.kind[cell as usize] {
            SpaceKind::Home => -1,
            SpaceKind::End => (self.ring() + self.end_index(cell)) as i32,
            _ if self.facing && seat == 0 => (self.ring() - 1 - cell as usize) as i32,
            _ if self.facing => cell as i32,
            _ => {
                let ring = self.ring();
                ((cell as usize + ring - self.start(seat) as usize) % ring) as i32
            }
        }
    }

    /// The letters that name each seat's spaces: its name's initial, or
    /// `P1-`, `P2-`, ... when two seats share one.
    pub fn initials(seats: &[String]) -> Vec<String> {
        let initials: Vec<String> = seats
            .iter()
            .map(|s| {
                s.chars()
                    .next()
                    .map(|c| c.to_ascii_uppercase().to_string())
                    .unwrap_or_default()
            })
            .collect();
        let distinct = initials
            .iter()
            .enumerate()
            .all(|(i, a)| !initials[..i].contains(a));
        if distinct
            && initials
                .iter()
                .all(|i| i.chars().all(|c| c.is_ascii_alphabetic()))
        {
            initials
        } else {
            (1..=seats.len()).map(|i| format!("P{i}-")).collect()
        }
    }

    /// The labels: the seat's initial (or its number) and `0` for the start
    /// space, `1`.. for the numbered spaces, `h` for the home, `e1`.. for the
    /// end zone.
    pub fn labels(&self, initials: &[String]) -> Vec<String> {
        let mut labels = Vec::with_capacity(self.cells());
        if self.facing {
            labels.extend((1..=self.segment).map(|k| format!("p{k}")));
        }
        for i in initials.iter().take(self.seats).filter(|_| !self.facing) {
            labels.extend((0..=self.segment).map(|k| format!("{i}{k}")));
        }
        labels.extend(initials.iter().take(self.seats).map(|i| format!("{i}h")));
        for i in initials.iter().take(self.seats) {
            labels.extend((1..=self.end_len).map(|k| format!("{i}e{k}")));
        }
        labels
    }
}

/// What happens where a walk ends (`after move`): effects in order, each
/// when its condition holds on the state the ones before it left.
#[derive(Clone, Debug, Default)]
pub struct AfterMove {
    /// The value the `When::Compares` conditions compare with a constant
    /// (`rivals` in `rivals == 1`, `rivals >= 2`): the constant 0 when no
    /// condition compares one.
    pub compared: SharedValue,
    /// The effects.
    pub effects: Vec<MoveEffect>,
}

/// The value the effects after a movement compare: read once a movement,
/// and again only after an effect changed the board.
#[derive(Clone, Debug)]
pub struct SharedValue {
    /// The value.
    pub value: Node,
    /// The value where the mover stands alone on the landing space, folded
    /// when compiling (`height(to) - stones(piece, to)` is the constant 0
    /// there): most landings need no reading.
    pub alone: Node,
}

impl Default for SharedValue {
    /// No value: the constant 0, which no condition reads.
    fn default() -> Self {
        SharedValue {
            value: Node::Const(0),
            alone: Node::Const(0),
        }
    }
}

/// An effect after a mover's movement (`after move`).
#[derive(Clone, Debug)]
pub enum MoveEffect {
    /// Every mover on the cell of another colour than the moving one goes home.
    Capture(Node, When),
    /// The moving mover goes home.
    SendHome(When),
}

/// When an effect after a movement happens.
#[derive(Clone, Debug)]
pub enum When {
    /// Always.
    Always,
    /// When a condition holds.
    Holds(Node),
    /// When the shared value compares so with a constant.
    Compares(CmpOp, i64),
}

/// Hands dealt in rounds (`deal N to each, M deals a dealer`).
#[derive(Clone, Copy, Debug)]
pub struct Deal {
    /// Cards each seat gets a deal.
    pub size: u8,
    /// Deals a dealer makes from one shuffle before the next seat deals.
    pub per_dealer: u8,
    /// Cards each seat passes to its partner after a deal.
    pub exchange: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a facing track each seat's way runs over every space of the
    /// line once, the first seat's from `pN` down, the second's from `p1`
    /// up, from home onto its first space and past its last into its end
    /// zone; a step back undoes a step ahead on the line.
    #[test]
    fn each_seat_walks_the_facing_line_its_own_way() {
        let track = Track::facing(5, 3, 2);
        let cells = track.cells();
        let labels = track.labels(&["W".into(), "B".into()]);
        for seat in 0..2 {
            let mut at = track.home(seat);
            let mut way = Vec::new();
            loop {
                at = track.ahead[seat * cells + at as usize];
                if at == NO_CELL {
                    break;
                }
                way.push(labels[at as usize].clone());
            }
            let expected = match seat {
                0 => ["p5", "p4", "p3", "p2", "p1", "We1", "We2"],
                _ => ["p1", "p2", "p3", "p4", "p5", "Be1", "Be2"],
            };
            assert_eq!(way, expected, "seat {seat}");
            for c in 0..5 {
                let next = track.ahead[seat * cells + c];
                assert_eq!(track.behind[seat * cells + next as usize], c as CellId);
            }
            assert_eq!(track.progress(seat, track.start(seat)), 0);
        }
    }
}
