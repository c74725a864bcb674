//! Parsing with the pest grammar in grammar/tabula.pest, then building the AST.

use pest::iterators::Pair;
use pest::Parser as _;

use super::ast::*;
use super::Span;
use super::{depth, recover};
use crate::diagnostic::Diagnostic;

mod cards;
mod errors;
mod expr;
mod track;

use errors::syntax_error;
pub(super) use expr::build_expr;
use expr::build_primary;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/tabula.pest"]
struct Grammar;

/// What parsing a file gives: the items read and the syntax errors found.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The items that parsed, in source order.
    pub file: File,
    /// One error per item that did not parse.
    pub errors: Vec<Diagnostic>,
    /// The items that did not parse, so that the checker does not also report
    /// them as missing, or the names they define as unknown.
    pub broken: Vec<BrokenItem>,
}

/// An item that did not parse: its keyword and, if it has one, the name it defines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenItem {
    /// The item's first word (`phase`, `option`, ...).
    pub keyword: String,
    /// The second word, when it is a name (`option size ...` gives `size`).
    pub name: Option<String>,
    /// Every word in the item, for the names it may have used.
    pub words: Vec<String>,
}

/// Parses a whole rules file, recovering after syntax errors item by item.
pub fn parse(source: &str) -> Parsed {
    // Literal tokens in syntax errors; a global switch, cheap for files this small.
    pest::set_error_detail(true);
    // The parser recurses on brackets: an item with too many open is
    // blanked out (offsets kept) before parsing, and reported.
    let mut text = source.to_string();
    let mut deep = Vec::new();
    while let Some(at) = depth::too_many_brackets(&text) {
        let (start, end) = recover::chunks(&text)
            .into_iter()
            .find(|&(s, e)| s <= at.start && at.start < e)
            .unwrap_or((0, text.len()));
        deep.push((at, broken(&text[start..end])));
        text = blank(&text, start, end);
    }
    let mut parsed = match Grammar::parse(Rule::file, &text) {
        Ok(mut pairs) => {
            let file = pairs.next().expect("the file rule always yields one pair");
            let mut parsed = Parsed::default();
            for pair in file.into_inner().filter(|p| p.as_rule() != Rule::EOI) {
                add_item(&mut parsed, pair, 0);
            }
            parsed
        }
        Err(_) => parse_by_chunks(&text),
    };
    for (span, item) in deep {
        let what = format!("more than {} brackets open", depth::MAX_BRACKETS);
        let span = span.into();
        let help = FLATTER.to_string();
        parsed.errors.push(Diagnostic::TooDeep { what, span, help });
        parsed.broken.push(item);
    }
    parsed
}

/// How to mend an expression nested too deeply.
const FLATTER: &str = "write it flatter: a long sum over cells is a `sum(... for c where ...)`, \
    and brackets around a single part can go";

/// `text` with the bytes from `start` to `end` made spaces (lines kept).
fn blank(text: &str, start: usize, end: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for b in &mut bytes[start..end] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
    String::from_utf8(bytes).expect("chunks start on lines, and spaces are ASCII")
}

/// Builds an item into `parsed`, or reports it when an expression in it
/// nests deeper than the later stages follow.
fn add_item(parsed: &mut Parsed, pair: Pair<Rule>, offset: usize) {
    let text = pair.as_str().to_string();
    let item = build_item(pair, offset);
    match depth::take_too_deep() {
        None => parsed.file.items.push(item),
        Some(span) => {
            let what = format!("an expression more than {} levels deep", depth::MAX_DEPTH);
            let span = span.into();
            let help = FLATTER.to_string();
            parsed.errors.push(Diagnostic::TooDeep { what, span, help });
            parsed.broken.push(broken(&text));
        }
    }
}

/// An item that did not parse, read off its words.
fn broken(text: &str) -> BrokenItem {
    let words: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let first = words.first().cloned().unwrap_or_default();
    BrokenItem {
        // A capitalised keyword stands for its item: it is not missing.
        keyword: recover::capitalised_keyword(&first).map_or(first, str::to_string),
        name: words.get(1).cloned(),
        words,
    }
}

/// Parses each top-level chunk alone, so one bad item does not hide the rest.
fn parse_by_chunks(source: &str) -> Parsed {
    let mut parsed = Parsed::default();
    for (start, end) in recover::chunks(source) {
        let text = &source[start..end];
        match Grammar::parse(Rule::item_alone, text) {
            Ok(mut pairs) => {
                let alone = pairs.next().expect("item_alone yields one pair");
                if let Some(item) = alone.into_inner().find(|p| p.as_rule() != Rule::EOI) {
                    add_item(&mut parsed, item, start);
                }
            }
            Err(error) => {
                let item = broken(text);
                let written: String = text
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let diagnostic = match recover::capitalised_keyword(&written) {
                    Some(keyword) => Diagnostic::Syntax {
                        expected: format!("the keyword `{keyword}`"),
                        found: format!("`{written}`"),
                        span: (start, written.len()).into(),
                        help: format!(
                            "keywords are written in lowercase: did you mean `{keyword}`?"
                        ),
                    },
                    None => syntax_error(error, text, start),
                };
                parsed.errors.push(diagnostic);
                parsed.broken.push(item);
            }
        }
    }
    parsed
}

pub(super) fn span_of(pair: &Pair<Rule>, offset: usize) -> Span {
    let s = pair.as_span();
    Span::new(offset + s.start(), offset + s.end())
}

pub(super) fn name(pair: Pair<Rule>, offset: usize) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span_of(&pair, offset),
    }
}

/// Integers too large for i64 saturate; the checker reports absurd values by range.
pub(super) fn int(pair: &Pair<Rule>) -> i64 {
    pair.as_str().parse().unwrap_or(i64::MAX)
}

fn build_item(pair: Pair<Rule>, offset: usize) -> Item {
    // Trailing blank lines and comments are not part of the item, for labels.
    let full = span_of(&pair, offset);
    let span = Span::new(full.start, full.start + pair.as_str().trim_end().len());
    let keyword_len = pair
        .as_str()
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .map_or(0, str::len);
    let keyword = Span::new(span.start, span.start + keyword_len);
    let rule = pair.as_rule();
    let item_text = pair.as_str();
    let item = |kind| Item {
        kind,
        span,
        keyword,
    };
    let mut inner = pair.into_inner();
    let kind = match rule {
        Rule::game_item => {
            let text = inner.next().expect("title").as_str();
            ItemKind::Game(text.trim_matches('"').to_string())
        }
        Rule::option_item => {
            let name = name(inner.next().expect("name"), offset);
            let mut default_pair = inner.next().expect("default");
            let mut per_seat = None;
            if default_pair.as_rule() == Rule::seat_param {
                per_seat = Some(seat_param(default_pair, offset));
                default_pair = inner.next().expect("default");
            }
            let range = inner.next().map(|r| {
                let span = span_of(&r, offset);
                let mut bounds = r.into_inner();
                let lo = int(&bounds.next().expect("lo"));
                let hi = int(&bounds.next().expect("hi"));
                (lo, hi, span)
            });
            ItemKind::Option(OptionDecl {
                name,
                default: int(&default_pair),
                default_span: span_of(&default_pair, offset),
                range,
                per_seat,
            })
        }
        Rule::players_item => {
            let first = inner.next().expect("players");
            if first.as_rule() == Rule::seat_count {
                let count = build_expr(first.into_inner().next().expect("count"), offset);
                let names = inner.map(|p| name(p, offset)).collect();
                ItemKind::Players(Players::Some(count, names))
            } else if first.as_rule() == Rule::int {
                ItemKind::Players(Players::Count(int(&first), span_of(&first, offset)))
            } else {
                let mut names = vec![name(first, offset)];
                names.extend(inner.map(|p| name(p, offset)));
                ItemKind::Players(Players::Named(names))
            }
        }
        Rule::board_item => {
            let shape = inner.next().expect("shape");
            let stacks = inner.next().is_some();
            if shape.as_rule() == Rule::track_board {
                return item(ItemKind::Board(track::track_board(shape, offset), stacks));
            }
            if shape.as_rule() == Rule::pits_board {
                let mut parts = shape.into_inner();
                let pits = build_expr(parts.next().expect("pits"), offset);
                let stores = parts.next().is_some();
                return item(ItemKind::Board(Board::Pits { pits, stores }, stacks));
            }
            if shape.as_rule() == Rule::lines_board {
                let lines = shape
                    .into_inner()
                    .map(|line| line.into_inner().map(|p| name(p, offset)).collect())
                    .collect();
                return item(ItemKind::Board(Board::Lines(lines), stacks));
            }
            if shape.as_rule() == Rule::triangle_board {
                let side = build_expr(shape.into_inner().next().expect("side"), offset);
                return item(ItemKind::Board(Board::Triangle(side), stacks));
            }
            let is_square = shape.as_rule() == Rule::square_board;
            let mut dims = shape.into_inner().map(|p| build_expr(p, offset));
            let first = dims.next().expect("dimension");
            let board = match (is_square, dims.next()) {
                (true, second) => Board::Square(first, second.expect("height")),
                (false, Some(height)) => Board::Rhombus(first, height),
                (false, None) => Board::Hex(first),
            };
            ItemKind::Board(board, stacks)
        }
        Rule::first_item if item_text.contains("dice") => ItemKind::FirstByDice,
        Rule::first_item => ItemKind::FirstRandom,
        Rule::neutral_item => ItemKind::Neutral(inner.map(|p| name(p, offset)).collect()),
        Rule::setup_item => ItemKind::Setup(
            inner
                .map(|put| {
                    let mut parts = put.into_inner();
                    let count = build_expr(parts.next().expect("count"), offset);
                    let kind = name(parts.next().expect("kind"), offset);
                    let mut piece_kind = None;
                    let mut condition = None;
                    for part in parts {
                        match part.as_rule() {
                            Rule::name => piece_kind = Some(name(part, offset)),
                            _ => condition = Some(build_expr(part, offset)),
                        }
                    }
                    Put {
                        count,
                        kind,
                        piece_kind,
                        condition,
                    }
                })
                .collect(),
        ),
        Rule::supply_item => {
            let first = inner.next().expect("expr");
            if first.as_rule() == Rule::seat_param {
                ItemKind::SupplyPerSeat(Score {
                    param: seat_param(first, offset),
                    body: build_expr(inner.next().expect("body"), offset),
                })
            } else {
                ItemKind::Supply(build_expr(first, offset))
            }
        }
        Rule::must_item => match inner.next() {
            Some(p) if p.as_rule() == Rule::must_capture => {
                ItemKind::MustCapture(p.into_inner().next().is_some())
            }
            Some(p) if p.as_rule() == Rule::must_leave => ItemKind::MustLeave(build_expr(
                p.into_inner().next().expect("condition"),
                offset,
            )),
            when => ItemKind::MustBlock(when.map(|p| build_expr(p, offset))),
        },
        Rule::kinds_item => ItemKind::Kinds(inner.map(|p| name(p, offset)).collect()),
        Rule::counter_item => {
            let clock = inner.next().expect("word").as_str() == "clock";
            let counter = name(inner.next().expect("name"), offset);
            ItemKind::Counter(counter, inner.next().map(|p| build_expr(p, offset)), clock)
        }
        Rule::dice_item => {
            let mut next = || {
                let p = inner.next().expect("number");
                (int(&p), span_of(&p, offset))
            };
            let (count, low, high) = (next(), next(), next());
            ItemKind::Dice(Dice { count, low, high })
        }
        Rule::limit_item => ItemKind::Limit(build_expr(inner.next().expect("turns"), offset)),
        Rule::define_item => {
            let name = name(inner.next().expect("name"), offset);
            let mut params = Vec::new();
            let mut body = None;
            for p in inner {
                match p.as_rule() {
                    Rule::params => {
                        params = p.into_inner().map(|q| build_param(q, offset)).collect()
                    }
                    _ => body = Some(build_expr(p, offset)),
                }
            }
            ItemKind::Define(Define {
                name,
                params,
                body: body.expect("body"),
            })
        }
        Rule::score_item => ItemKind::Score(Score {
            param: name(inner.next().expect("param"), offset),
            body: build_expr(inner.next().expect("body"), offset),
        }),
        Rule::phase_item => {
            let name = name(inner.next().expect("name"), offset);
            let mut turns = None;
            let mut moves = Vec::new();
            for p in inner {
                match p.as_rule() {
                    Rule::duration => {
                        turns = Some(build_expr(p.into_inner().next().expect("n"), offset))
                    }
                    _ => moves.push(build_move(p, offset)),
                }
            }
            ItemKind::Phase(Phase { name, turns, moves })
        }
        Rule::after_item => ItemKind::After(inner.map(|p| build_effect(p, offset)).collect()),
        Rule::end_item => {
            let condition = build_expr(inner.next().expect("cond"), offset);
            let result_pair = inner.next().expect("result");
            let result_span = span_of(&result_pair, offset);
            let r = result_pair.into_inner().next().expect("result kind");
            let result = match r.as_rule() {
                Rule::draw => EndResult::Draw,
                Rule::highest => EndResult::HighestScore,
                _ => EndResult::Winner(build_expr(r.into_inner().next().expect("seat"), offset)),
            };
            ItemKind::End(EndRule {
                condition,
                result,
                result_span,
            })
        }
        Rule::numbers_item => {
            ItemKind::Numbers(inner.map(|p| (int(&p), span_of(&p, offset))).collect())
        }
        Rule::owner_item => ItemKind::OwnerMajority,
        Rule::teams_item => track::teams(inner, offset),
        Rule::deal_item => track::deal(inner, offset),
        Rule::exchange_item => ItemKind::Exchange(build_expr(inner.next().expect("count"), offset)),
        Rule::blocked_item => {
            ItemKind::Blocked(build_expr(inner.next().expect("condition"), offset))
        }
        Rule::after_move_item => track::after_move(inner, offset),
        Rule::deck_item => ItemKind::Deck(inner.map(|p| cards::deck_part(p, offset)).collect()),
        Rule::hand_item => ItemKind::Hand(build_expr(inner.next().expect("size"), offset)),
        Rule::tiebreak_item => ItemKind::Tiebreak(Score {
            param: name(inner.next().expect("param"), offset),
            body: build_expr(inner.next().expect("body"), offset),
        }),
        other => unreachable!("not an item rule: {other:?}"),
    };
    item(kind)
}

fn build_param(pair: Pair<Rule>, offset: usize) -> Param {
    let mut inner = pair.into_inner();
    let name = name(inner.next().expect("name"), offset);
    let ty_pair = inner.next().expect("type");
    let ty = match ty_pair.as_str() {
        "int" => TypeName::Int,
        "bool" => TypeName::Bool,
        "seat" => TypeName::Seat,
        "card" => TypeName::Card,
        "kind" => TypeName::Kind,
        _ => TypeName::Cell,
    };
    Param {
        name,
        ty,
        ty_span: span_of(&ty_pair, offset),
    }
}

fn seat_param(pair: Pair<Rule>, offset: usize) -> Name {
    name(pair.into_inner().next().expect("parameter"), offset)
}

/// `lose`, `draw` or `highest score wins` of an `otherwise`.
fn stuck_outcome(p: Pair<Rule>) -> Stuck {
    match p.as_rule() {
        Rule::lose_move => Stuck::Lose,
        _ => match p.into_inner().next().map(|r| r.as_rule()) {
            Some(Rule::draw) => Stuck::Draw,
            _ => Stuck::HighestScore,
        },
    }
}

fn build_move(pair: Pair<Rule>, offset: usize) -> MoveRule {
    let rule = pair.into_inner().next().expect("move rule");
    let span = cards::trimmed(&rule, offset);
    let kind = match rule.as_rule() {
        Rule::otherwise_rule => match rule.clone().into_inner().next() {
            Some(p) if p.as_rule() == Rule::pass_move => MoveKind::Pass,
            Some(p) if matches!(p.as_rule(), Rule::lose_move | Rule::stuck_result) => {
                let mut inner = rule.into_inner().skip(1);
                let unless = inner.next().map(|u| {
                    let mut u = u.into_inner();
                    let condition = build_expr(u.next().expect("condition"), offset);
                    (condition, stuck_outcome(u.next().expect("outcome")))
                });
                MoveKind::Stuck(stuck_outcome(p), unless)
            }
            draw => MoveKind::Otherwise {
                draw: draw.map(|p| build_expr(p, offset)),
            },
        },
        Rule::pass_move => MoveKind::MayPass,
        _ => MoveKind::Chain(rule.into_inner().map(|s| build_step(s, offset)).collect()),
    };
    MoveRule { kind, span }
}

fn build_step(pair: Pair<Rule>, offset: usize) -> Step {
    let span = cards::trimmed(&pair, offset);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    let expr =
        |inner: &mut pest::iterators::Pairs<Rule>| inner.next().map(|p| build_expr(p, offset));
    let kind = match rule {
        Rule::place_step
            if inner
                .peek()
                .is_some_and(|p| p.as_rule() == Rule::neutral_piece) =>
        {
            let piece = inner
                .next()
                .expect("piece")
                .into_inner()
                .next()
                .expect("name");
            let condition = inner
                .next()
                .and_then(|w| w.into_inner().next())
                .map(|p| build_expr(p, offset));
            StepKind::PlaceNeutral(name(piece, offset), condition)
        }
        Rule::place_step => {
            let (mut on, mut condition) = (None, None);
            for part in inner {
                let e = build_expr(part.clone().into_inner().next().expect("expr"), offset);
                match part.as_rule() {
                    Rule::place_on => on = Some(e),
                    _ => condition = Some(e),
                }
            }
            StepKind::Place { on, condition }
        }
        Rule::drop_step => StepKind::Drop(expr(&mut inner)),
        Rule::rotate_step => StepKind::Rotate(expr(&mut inner).expect("block side")),
        Rule::sow_around_step => {
            let mut skips = Skips::default();
            let mut condition = None;
            for part in inner {
                match part.as_rule() {
                    Rule::skipping => {
                        for s in part.into_inner() {
                            match s.as_str().trim() {
                                "stores" => skips.stores = true,
                                _ => skips.from = true,
                            }
                        }
                    }
                    _ => condition = Some(build_expr(part, offset)),
                }
            }
            StepKind::SowAround(condition, skips)
        }
        Rule::again_step => StepKind::Again(expr(&mut inner)),
        Rule::capture_at_step => {
            StepKind::CaptureAt(build_expr(inner.next().expect("cell"), offset))
        }
        Rule::relocate_step => {
            let from = build_expr(inner.next().expect("cell"), offset);
            StepKind::Relocate(from, build_expr(inner.next().expect("cell"), offset))
        }
        Rule::gather_step
            if inner
                .peek()
                .is_some_and(|p| p.as_rule() == Rule::gather_back) =>
        {
            let mut back = inner.next().expect("run").into_inner();
            let name = name(back.next().expect("name"), offset);
            let start = expr(&mut back).expect("start");
            let condition = expr(&mut back).expect("condition");
            let into = expr(&mut inner).expect("into");
            StepKind::GatherBack(Box::new(GatherBack {
                name,
                start,
                condition,
                into,
                when: expr(&mut inner),
            }))
        }
        Rule::gather_step => {
            let cells = inner.next().expect("cells").into_inner();
            let cells = cells.map(|p| build_expr(p, offset)).collect();
            let into = expr(&mut inner).expect("into");
            StepKind::Gather {
                cells,
                into,
                when: expr(&mut inner),
            }
        }
        Rule::promote_step => {
            let mut kinds = Vec::new();
            while inner.peek().is_some_and(|p| p.as_rule() == Rule::name) {
                kinds.push(name(inner.next().expect("kind"), offset));
            }
            StepKind::Promote(kinds, expr(&mut inner))
        }
        Rule::walk_step => {
            let repeat = match inner.peek() {
                Some(p) if p.as_rule() == Rule::repeat => {
                    let at_will = inner.next().expect("repeat").into_inner().next().is_some();
                    if at_will {
                        Repeat::AtWill
                    } else {
                        Repeat::WhileItCan
                    }
                }
                _ => Repeat::Once,
            };
            let kind = inner.next().expect("kind").as_str();
            let dirs = inner.next().expect("directions").into_inner();
            let directions = dirs.map(|p| build_expr(p, offset)).collect();
            let capturing = inner.peek().is_some_and(|p| p.as_rule() == Rule::capturing);
            if capturing {
                inner.next();
            }
            let reach = match kind {
                "slide" => Reach::Slide,
                "leap" => Reach::Leap,
                "jump" => Reach::Jump { capturing },
                _ => Reach::Step,
            };
            let condition = inner
                .next()
                .and_then(|w| w.into_inner().next())
                .map(|p| build_expr(p, offset));
            StepKind::Walk {
                reach,
                directions,
                condition,
                repeat,
            }
        }
        Rule::enclosed_step => StepKind::Enclosed {
            capture: inner.next().is_some_and(|p| p.as_str() == "capture"),
            exactly: expr(&mut inner),
        },
        Rule::surrounded_step => StepKind::CaptureSurrounded,
        Rule::pick_step => StepKind::Pick(expr(&mut inner)),
        Rule::remove_step => {
            let (mut condition, mut when) = (None, None);
            for part in inner {
                let slot = match part.as_rule() {
                    Rule::remove_where => &mut condition,
                    _ => &mut when,
                };
                *slot = part.into_inner().next().map(|p| build_expr(p, offset));
            }
            StepKind::Remove(condition, when)
        }
        Rule::sow_step => StepKind::Sow {
            no_reversal: inner.next().is_some(),
        },
        Rule::play_step => StepKind::PlayCards {
            min: int(&inner.next().expect("min")),
            max: int(&inner.next().expect("max")),
        },
        Rule::draw_step => {
            let count = expr(&mut inner).expect("count");
            StepKind::Draw {
                count,
                when: expr(&mut inner),
            }
        }
        Rule::keep_step => StepKind::KeepLargestGroup(expr(&mut inner)),
        _ => track::step(rule, inner, offset),
    };
    Step { kind, span }
}

fn build_effect(pair: Pair<Rule>, offset: usize) -> Effect {
    let span = span_of(&pair, offset);
    let mut inner = pair.into_inner();
    let first = inner.next().expect("target");
    if first.as_rule() == Rule::again_effect {
        let mut parts = first.into_inner().peekable();
        let keeps_throw = parts.next_if(|p| p.as_rule() == Rule::keeping).is_some();
        let value = match parts.next() {
            Some(condition) => build_expr(condition, offset),
            None => Expr {
                kind: ExprKind::Bool(true),
                span,
                depth: 1,
            },
        };
        return Effect {
            target: None,
            op: AssignOp::Set,
            value,
            keeps_throw,
            span,
        };
    }
    let target = Some(build_primary(first, offset));
    let op = match inner.next().expect("op").as_str() {
        "=" => AssignOp::Set,
        "+=" => AssignOp::Add,
        _ => AssignOp::Sub,
    };
    let value = build_expr(inner.next().expect("value"), offset);
    Effect {
        target,
        op,
        value,
        keeps_throw: false,
        span,
    }
}
