//! A readable, deterministic text of compiled rules (`tabula check FILE
//! --ir`, and golden files that pin what each rules file compiles to).
//!
//! The header (title, seats, options, board, pieces, cards, turn limit),
//! then each phase and its move rules, each rule's form and steps one a
//! line with their condition split (`guard`, `candidates`, `mask`, `test`),
//! then what follows a turn, the end rules, the score, the tables' sizes and
//! a few flags, then the passes and the plan (what the state keeps among
//! it). Large tables are summarised by their sizes, never dumped.
//! Expressions print in the rules language's syntax (see `print/node.rs`
//! for the forms only the IR has); the header is `print/setup.rs`'s, a
//! step's line `print/step.rs`'s.

mod node;
mod setup;
mod step;

use node::{Exprs, Hint};

use super::plan::Merges;
use super::{
    CellId, EffectOp, EndResult, Filter, Forced, Form, MoveRule, Node, Phase, Rules, Target,
};

/// The most cells a set of cells lists by label; a larger set prints as a count.
const LISTED_CELLS: usize = 8;

/// The text of compiled rules: one item a line, nested items indented by
/// two spaces, ending in a line break. The same rules always give the same text.
pub fn program_text(rules: &Rules) -> String {
    let p = Printer {
        rules,
        x: Exprs { rules },
    };
    let mut lines = Vec::new();
    p.header(&mut lines);
    p.pieces(&mut lines);
    p.cards(&mut lines);
    for (phase, merges) in rules.phases.iter().zip(&rules.plan.merges) {
        p.phase(phase, *merges, &mut lines);
    }
    p.after_turn(&mut lines);
    p.outcome(&mut lines);
    p.tables(&mut lines);
    p.plan(&mut lines);
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// Prints the parts of one set of rules.
struct Printer<'r> {
    rules: &'r Rules,
    x: Exprs<'r>,
}

/// `yes` or `no`.
fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The items joined by `, `, or `none`.
fn list(items: Vec<String>) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

impl Printer<'_> {
    /// A condition.
    fn cond(&self, n: &Node) -> String {
        self.x.show(n, Hint::Bool)
    }

    /// A number.
    fn int(&self, n: &Node) -> String {
        self.x.show(n, Hint::Int)
    }

    /// ` if COND`, or nothing.
    fn when(&self, w: Option<&Node>, word: &str) -> String {
        w.map_or_else(String::new, |w| format!(" {word} {}", self.cond(w)))
    }

    /// A seat's name.
    fn seat_name(&self, s: usize) -> String {
        self.rules
            .seats
            .get(s)
            .cloned()
            .unwrap_or_else(|| format!("seat{s}"))
    }

    /// The cells allowed, out of the board's: listed by label when few.
    fn cells(&self, allowed: &[CellId]) -> String {
        let total = self.rules.geometry.cell_count();
        let mut text = format!("{} of {total} cells", allowed.len());
        if allowed.len() <= LISTED_CELLS {
            let labels: Vec<&str> = allowed.iter().map(|&c| self.label(c)).collect();
            text += &format!(" {{{}}}", labels.join(" "));
        } else if total <= 64 {
            let bits = allowed.iter().fold(0u64, |b, &c| b | 1 << c);
            text += &format!(" 0x{bits:x}");
        }
        text
    }

    /// A cell's label.
    fn label(&self, c: CellId) -> &str {
        self.rules
            .geometry
            .labels
            .get(usize::from(c))
            .map_or("?", String::as_str)
    }

    /// A phase: its name and length, each rule and the forced move.
    fn phase(&self, phase: &Phase, merges: Merges, out: &mut Vec<String>) {
        let turns = match phase.turns {
            Some(1) => " for 1 turn".to_string(),
            Some(n) => format!(" for {n} turns"),
            None => String::new(),
        };
        let (track, cards) = (merges.track_rules, merges.card_rules);
        let alike = match merges.alike {
            0 => String::new(),
            mask => {
                let rules: Vec<String> = (0..64)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| (i + 1).to_string())
                    .collect();
                format!(", moves of rules {} merged by text", rules.join(", "))
            }
        };
        out.push(format!(
            "phase {}{turns} (track rules {track}, card rules {cards}{alike})",
            phase.name
        ));
        for (i, rule) in phase.rules.iter().enumerate() {
            self.rule(i + 1, rule, out);
        }
        if let Some(stuck) = &phase.stuck {
            let unless = stuck
                .unless
                .as_ref()
                .map_or_else(String::new, |(c, other)| {
                    format!(
                        " if {} else {}",
                        self.cond(c),
                        crate::syntax::ast::stuck_words(*other)
                    )
                });
            out.push(format!(
                "  otherwise {}{unless}",
                crate::syntax::ast::stuck_words(stuck.how)
            ));
        }
        if let Some(o) = &phase.otherwise {
            out.push(match &o.action {
                Forced::Pass => "  otherwise pass".into(),
                Forced::DiscardHand(draw) => {
                    let draw = draw.as_ref().map_or_else(String::new, |n| {
                        format!(" then draw {}", self.x.operand(n, Hint::Int))
                    });
                    format!("  otherwise discard hand{draw}")
                }
            });
        }
    }

    /// A move rule: its number, form and text, then its steps.
    fn rule(&self, number: usize, rule: &MoveRule, out: &mut Vec<String>) {
        let form = match rule.form {
            Form::Place => "place".to_string(),
            Form::Sow => "sow".into(),
            Form::Cards => "cards".into(),
            Form::Chain => "chain".into(),
            Form::Relocation(how) => {
                let flags = [
                    (how.keep, "keep"),
                    (how.touching, "touching"),
                    (how.not_back, "not back"),
                ];
                let on: Vec<&str> = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
                format!("relocation ({})", on.join(", "))
            }
            Form::PieceWalk => "piece_walk".into(),
            Form::Track => "track".into(),
        };
        let text = rule.text.split_whitespace().collect::<Vec<_>>().join(" ");
        out.push(format!("  rule {number}, form {form}: {text}"));
        let mut words = Vec::new();
        for (k, step) in rule.steps.iter().enumerate() {
            let text = self.step(step);
            let name = text
                .split([':', ';'])
                .next()
                .unwrap_or_default()
                .to_string();
            let (at, end) = (rule.slot(k), rule.slot(k + 1));
            words.push(match end - at {
                1 => format!("{name} {at}"),
                _ => format!("{name} {at}..{end}"),
            });
            out.push(format!("    {text}"));
        }
        // Where each step's choice lies in a move, when some step's takes
        // more than a word.
        if rule.words() != rule.steps.len() {
            out.push(format!("    move words: {}", words.join(", ")));
        }
    }

    /// The filters and the effects after every turn.
    fn after_turn(&self, out: &mut Vec<String>) {
        for f in &self.rules.filters {
            out.push(match f {
                Filter::MustBlock(w) => format!("must block{}", self.when(w.as_ref(), "when")),
                Filter::MustCapture(most) => {
                    format!("must capture{}", if *most { " most" } else { "" })
                }
                Filter::MustLeave(c, _) => format!("must leave {}", self.x.operand(c, Hint::Bool)),
            });
        }
        for e in &self.rules.effects {
            let op = match e.op {
                EffectOp::Set => "=",
                EffectOp::Add => "+=",
                EffectOp::Sub => "-=",
            };
            let target = match &e.target {
                Target::Supply(seat) => format!("supply({})", self.x.seat(seat)),
                Target::Counter(i) => self.rules.counters[*i as usize].0.clone(),
                Target::Again(keeps) => {
                    let keeping = if *keeps { " keeping the throw" } else { "" };
                    out.push(format!(
                        "after turn: again{keeping} if {}",
                        self.cond(&e.value)
                    ));
                    continue;
                }
            };
            out.push(format!("after turn: {target} {op} {}", self.int(&e.value)));
        }
    }

    /// The end rules, the score and the tie-breaks.
    fn outcome(&self, out: &mut Vec<String>) {
        for end in &self.rules.ends {
            let result = match &end.result {
                EndResult::Draw => "draw".to_string(),
                EndResult::HighestScore => "highest score wins".into(),
                EndResult::Winner(n) => format!("{} wins", self.x.show(n, Hint::Seat)),
            };
            out.push(format!("end when {}: {result}", self.cond(&end.condition)));
        }
        let score = self.rules.score.as_ref();
        out.push(score.map_or_else(
            || "score none".into(),
            |s| format!("score(p) = {}", self.int(s)),
        ));
        for t in &self.rules.tiebreaks {
            out.push(format!("tiebreak(p) = {}", self.int(t)));
        }
    }

    /// The line and run tables' sizes, majorities and how moves are written.
    fn tables(&self, out: &mut Vec<String>) {
        let r = self.rules;
        let lines = r.line_tables.iter().enumerate().map(|(i, t)| {
            let bits = match (&t.small_masks, &t.masks) {
                (Some(_), _) => ", 64-bit masks",
                (None, Some(_)) => ", 128-bit masks",
                (None, None) => "",
            };
            let shifts = if t.axis_shifts.is_some() {
                ", axis shifts"
            } else {
                ""
            };
            format!(
                "#{i} length {} ({} lines{bits}{shifts})",
                t.length,
                t.line_count()
            )
        });
        out.push(format!("line tables {}", list(lines.collect())));
        let runs = r.run_lengths.iter().enumerate().map(|(i, n)| {
            let values = r.run_values.get(i).map_or(0, Vec::len);
            format!("#{i} length {n} ({values} values)")
        });
        out.push(format!("run tables {}", list(runs.collect())));
        out.push(format!("majority {}", yes(r.majority)));
        out.push(format!("moves written by column {}", yes(r.columns)));
    }

    /// The passes, each with what it chose or `-`, and the plan.
    fn plan(&self, out: &mut Vec<String>) {
        let plan = &self.rules.plan;
        for pass in crate::ir::plan::Pass::ALL {
            let fired = plan.fired.iter().find(|(p, _)| *p == pass);
            let what = fired.map_or("-", |(_, what)| what.as_str());
            out.push(format!("pass {}: {what}", pass.name()));
        }
        let phases = self.rules.phases.iter().zip(&plan.draws);
        let draws = phases.map(|(p, d)| format!("{} {d:?}", p.name));
        out.push(format!("random draws: {}", list(draws.collect())));
        out.push(format!(
            "playout: {}",
            plan.playout.describe(self.rules.ends.len())
        ));
        let k = plan.keeps;
        out.push(format!(
            "state keeps: tops {}{}, slots {}, links {}, scores {}{}{}{}{}",
            yes(k.tops),
            if k.empty_list { "" } else { ", empty list no" },
            yes(k.slots),
            yes(k.links),
            yes(k.scores),
            if k.captures { ", captures yes" } else { "" },
            if k.repeated { ", positions yes" } else { "" },
            if k.boards { ", boards yes" } else { "" },
            if k.moves { ", moves yes" } else { "" }
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::program_text;
    use crate::ir::Rules;

    fn rules(source: &str) -> Rules {
        crate::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The lines of the text that start with `prefix`, trimmed.
    fn lines_starting(text: &str, prefix: &str) -> Vec<String> {
        let lines = text.lines().map(str::trim);
        lines
            .filter(|l| l.starts_with(prefix))
            .map(String::from)
            .collect()
    }

    #[test]
    fn a_rule_whose_choices_take_several_words_shows_where_they_lie() {
        let text = program_text(&crate::compile::shipped("qawale", &[]));
        let words = lines_starting(&text, "move words");
        assert_eq!(words, ["move words: place 0, sow without reversal 1..6"]);
        let text = program_text(&crate::compile::shipped("tic-tac-toe", &[]));
        assert!(!text.contains("move words"), "{text}");
    }

    #[test]
    fn tic_tac_toe() {
        let text = program_text(&crate::compile::shipped("tic-tac-toe", &[]));
        assert!(
            text.starts_with("game \"Tic-tac-toe\"\nseats X, O\n"),
            "{text}"
        );
        assert!(text.contains("board square 3 x 3, 9 cells\n"), "{text}");
        let rule = lines_starting(&text, "rule 1");
        assert_eq!(rule, ["rule 1, form place: place where empty"], "{text}");
        assert!(text.contains("\n    place: candidates empty\n"), "{text}");
        let ends = lines_starting(&text, "end when");
        assert_eq!(
            ends,
            [
                "end when [line#0(3, mover)]: mover wins",
                "end when full: draw"
            ],
            "{text}"
        );
        assert!(text.contains("line tables #0 length 3 (8 lines"), "{text}");
    }

    #[test]
    fn conditions_split_and_parenthesised() {
        let text = program_text(&rules(
            "game \"T\"\nplayers A, B\nboard square 5 x 5\nsupply 3\n\
             phase play\n  place where not edge(cell) and (supply(mover) == 0 or turn > 2) \
             and height(cell) * 2 - 1 < 3\n\
             end when line(4, mover) or line(3, next): next wins\n",
        ));
        let step = lines_starting(&text, "place:");
        assert_eq!(step.len(), 1, "{text}");
        let step = &step[0];
        assert!(
            step.contains("guard [supply(mover) == #0] or [turn > #2]"),
            "{step}"
        );
        assert!(step.contains("mask 9 of 25 cells 0x"), "{step}");
        assert!(step.contains("candidates empty"), "{step}");
        let ends = lines_starting(&text, "end when");
        assert_eq!(
            ends,
            ["end when [line#0(4, mover)] or [line#1(3, next)]: next wins"]
        );
        assert!(text.contains("supply 3 each\n"), "{text}");
    }

    #[test]
    fn expressions_need_parentheses_only_where_they_bind_looser() {
        let text = program_text(&rules(
            "game \"T\"\nplayers A, B\nboard square 3 x 3\n\
             score(p) = (count(p) + 1) * 2 - (3 if p == A else 1)\n\
             phase play\n  place where empty\nend when full: highest score wins\n",
        ));
        let score = lines_starting(&text, "score(p)");
        assert_eq!(
            score,
            ["score(p) = ([count(p)] + 1) * 2 - (3 if [p == #A] else 1)"],
            "{text}"
        );
    }

    #[test]
    fn cards_seats_and_cells_print_by_name() {
        let text = program_text(&crate::compile::shipped("partners", &[]));
        assert!(text.contains("play card: kinds {8 13 start}"), "{text}");
        assert!(
            text.contains("teams Yellow with Blue, Red with Green\n"),
            "{text}"
        );
        assert!(text.contains("mask 4 of 80 cells {Y0 R0 B0 G0}"), "{text}");
        let text = program_text(&crate::compile::shipped("kalah", &[]));
        let steps = lines_starting(&text, "sow around:");
        assert_eq!(
            steps,
            ["sow around: candidates pieces; test [seat_of(cell) == mover]"]
        );
        assert!(text.contains("\npass sow-counts: -\n"), "{text}");
    }

    #[test]
    fn every_shipped_rules_file_prints_the_same_twice() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("rules folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "game"))
            .collect();
        paths.sort();
        assert!(!paths.is_empty());
        for path in paths {
            let source = std::fs::read_to_string(&path).expect("readable");
            let first = program_text(&rules(&source));
            let second = program_text(&rules(&source));
            assert_eq!(first, second, "{}", path.display());
            assert!(first.contains("\nphase "), "{}: {first}", path.display());
        }
    }
}
