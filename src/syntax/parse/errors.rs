//! Syntax errors in words: what was expected, by the names people use for
//! the grammar's rules, and the form of the item that failed.

use pest::Parser as _;

use super::Rule;
use crate::diagnostic::Diagnostic;
use crate::syntax::Span;

/// Turns a pest error into a diagnostic that says in words what was expected.
pub(super) fn syntax_error(
    error: pest::error::Error<Rule>,
    text: &str,
    offset: usize,
) -> Diagnostic {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            words.sort();
            words.dedup();
            words
        }
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    // With error detail on, pest also tells which literal tokens it tried at
    // the farthest position it reached: they name the fix (`=`, `:`, `x`).
    let (pos, expected) = match error.parse_attempts() {
        Some(attempts) if attempts.max_position >= pos && attempts.max_position <= text.len() => {
            // pest does not export its token type; its Display is the token's text.
            let tokens: Vec<String> = attempts
                .expected_tokens()
                .iter()
                .map(|t| t.to_string())
                .collect();
            let in_title = attempts
                .call_stacks
                .iter()
                .any(|c| format!("{:?}", c.deepest) == "Rule(string)");
            let words = expected_tokens(&tokens, in_title);
            (
                attempts.max_position,
                if words.is_empty() {
                    expected.iter().map(|w| w.to_string()).collect()
                } else {
                    words
                },
            )
        }
        _ => (pos, expected.iter().map(|w| w.to_string()).collect()),
    };
    if let Some(d) = reserved_word(text, pos, offset) {
        return d;
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    let found_len = text[pos..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum::<usize>()
        .max(text[pos..].chars().next().map_or(0, char::len_utf8));
    let found = if pos >= text.trim_end().len() {
        "the end of the item".to_string()
    } else {
        format!("`{}`", &text[pos..pos + found_len])
    };
    let span = Span::new(offset + pos, offset + pos + found_len);
    // A step or an effect's word from another language: say what to write.
    let where_a_step_goes = expected.iter().any(|w| *w == "`place`" || *w == "`by`");
    if where_a_step_goes && found_len > 0 {
        let before = text[..pos].trim_end();
        let after = before
            .rsplit(|c: char| c.is_whitespace())
            .next()
            .unwrap_or("");
        let word = &text[pos..pos + found_len];
        if let Some(d) = Diagnostic::not_in_language(word, after, span) {
            return d;
        }
        if word == "capturing" {
            // A word of the language, in the wrong step.
            return Diagnostic::Syntax {
                help: "only a `jump` takes `capturing` (the piece jumped over is taken): \
                       `jump DIRECTIONS capturing`; a `step` or `slide` already captures \
                       another seat's piece where it stops"
                    .into(),
                expected: join_words(&expected),
                found: "`capturing`".into(),
                span: span.into(),
            };
        }
        // Only where a step begins: first on its line, or after `then`.
        let line_start = text[..pos]
            .rsplit('\n')
            .next()
            .unwrap_or("")
            .trim()
            .is_empty();
        if line_start || after == "then" {
            if let Some(d) = unknown_step(word, &expected, span) {
                return d;
            }
        }
    }
    let keyword: String = text
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    Diagnostic::Syntax {
        help: form_of(&keyword),
        expected: join_words(&expected),
        found,
        span: span.into(),
    }
}

/// The report for a reserved word (the grammar's `keyword` rule) written
/// where a name goes: `option turns = 9`, `define draw = 1`, `players when, b`.
/// The word at the error is taken for a name of the same length; when the
/// item then parses (after doing the same for each further reserved word the
/// parse stops at), the word was a name, and the report says what it names.
fn reserved_word(text: &str, pos: usize, offset: usize) -> Option<Diagnostic> {
    let mut text = text.to_string();
    let mut pos = pos;
    let mut first: Option<(String, usize)> = None;
    // Each round takes one more reserved word for a name; few items hold more.
    for _ in 0..16 {
        let (start, end) = word_at(&text, pos);
        let word = &text[start..end];
        let reserved = !word.is_empty()
            && super::Grammar::parse(Rule::keyword, word).is_ok_and(|p| p.as_str() == word);
        if !reserved {
            return None;
        }
        let first = first.get_or_insert_with(|| (word.to_string(), start));
        // A name of the same length keeps every offset where it was.
        text.replace_range(start..end, &"z".repeat(end - start));
        match super::Grammar::parse(Rule::item_alone, &text) {
            Ok(pairs) => {
                let (word, at) = first.clone();
                let named = pairs
                    .into_iter()
                    .find_map(|p| named_by(p, at))
                    .unwrap_or(Rule::expr);
                let what = match what_a_name_names(named) {
                    Some(thing) => format!("cannot name {thing}"),
                    None => "cannot be used as a name".to_string(),
                };
                return Some(Diagnostic::ReservedWord {
                    help: format!(
                        "the language's keywords are reserved; pick another name, such as \
                         `{word}_` or `my_{word}` (docs/language.md, \"A rules file\", lists the \
                         reserved words)"
                    ),
                    span: Span::new(offset + at, offset + at + word.len()).into(),
                    word,
                    what,
                });
            }
            Err(error) => {
                let next = error
                    .parse_attempts()
                    .map_or(end, |attempts| attempts.max_position);
                // Only an error further on, at another reserved word, is followed.
                if next <= end {
                    return None;
                }
                pos = next;
            }
        }
    }
    None
}

/// The word (letters, digits, `_`) around `pos`, or just before it.
fn word_at(text: &str, pos: usize) -> (usize, usize) {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let pos = pos.min(text.len());
    let start = text[..pos]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_name(c))
        .last()
        .map_or(pos, |(i, _)| i);
    let end = pos
        + text[pos..]
            .chars()
            .take_while(|&c| is_name(c))
            .map(char::len_utf8)
            .sum::<usize>();
    (start, end)
}

/// The rule whose `name` starts at `at`, found in `pair` or below it.
fn named_by(pair: pest::iterators::Pair<Rule>, at: usize) -> Option<Rule> {
    let rule = pair.as_rule();
    for inner in pair.into_inner() {
        let span = inner.as_span();
        if inner.as_rule() == Rule::name && span.start() == at {
            return Some(rule);
        }
        if span.start() <= at && at < span.end() {
            return named_by(inner, at);
        }
    }
    None
}

/// What a name in `rule` names, in words, where it declares something.
fn what_a_name_names(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::option_item => "an option",
        Rule::players_item | Rule::team => "a seat",
        Rule::seat_param | Rule::score_item | Rule::tiebreak_item => "a seat parameter",
        Rule::define_item => "a definition",
        Rule::param => "a parameter",
        Rule::phase_item => "a phase",
        Rule::neutral_item => "a neutral piece",
        Rule::aggregate => "the variable of an aggregate",
        Rule::card_kind => "a kind of card",
        _ => return None,
    })
}

/// The report for a word that is no step where a step goes: a misspelt
/// keyword gets "did you mean", any other word says that the language has
/// no such construct and which steps it has there.
fn unknown_step(word: &str, expected: &[&str], span: Span) -> Option<Diagnostic> {
    if !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let keywords = expected
        .iter()
        .filter_map(|w| w.strip_prefix('`')?.strip_suffix('`'));
    let steps = join_words(expected);
    Some(match crate::diagnostic::closest(word, keywords) {
        Some(keyword) => Diagnostic::Syntax {
            help: format!("did you mean `{keyword}`?"),
            expected: steps,
            found: format!("`{word}`"),
            span: span.into(),
        },
        None => Diagnostic::NotInLanguage {
            word: word.to_string(),
            span: span.into(),
            nearest: format!(
                "a move is a chain of steps joined by `then`, and the language has no `{word}` step; \
                 here it has {steps} (docs/language.md, \"Moves in steps\")"
            ),
        },
    })
}

/// The tokens pest tried, in words: punctuation and keywords by name, the rest
/// grouped ("an operator", "an expression").
fn expected_tokens(tokens: &[String], in_title: bool) -> Vec<String> {
    const OPERATORS: &[&str] = &[
        "!=", "%", "*", "+", "-", "/", "<", "<=", "==", ">", ">=", "and", "or",
    ];
    const EXPRESSION_START: &[&str] =
        &["(", "not", "true", "false", "_", "sum", "max", "any", "all"];
    let mut words = Vec::new();
    let (mut operator, mut expression) = (false, false);
    for t in tokens {
        let t = t.as_str();
        if t.trim().is_empty() || t == "//" || t == "BUILTIN_RULE" {
            continue;
        } else if EXPRESSION_START.contains(&t) || (t.len() == 4 && t.contains("..")) {
            // Character ranges (`a..z`, `0..9`) start a name or a number.
            expression = true;
        } else if OPERATORS.contains(&t) {
            operator = true;
        } else {
            words.push(format!("`{t}`"));
        }
    }
    if in_title {
        words.push("a closing `\"` on the same line".to_string());
    }
    // A named token is the likeliest fix: an expression is then noise. Where an
    // expression is expected, the operators pest also tried are noise.
    if expression && words.is_empty() {
        words.push("an expression".to_string());
    } else if operator {
        words.push("an operator".to_string());
    }
    words
}

/// How an item is written, for the help line of a syntax error in it.
fn form_of(keyword: &str) -> String {
    let form = match keyword {
        "game" => "game \"Title\"",
        "first" => "first random",
        "neutral" => "neutral NAME, NAME, ...",
        "kinds" => "kinds NAME, NAME, ...   (every seat's pieces come in these kinds)",
        "counter" => "counter NAME   or   counter NAME = START",
        "setup" => "setup: put COUNT SEAT [KIND] where CONDITION; ...   (or a neutral kind for SEAT)",
        "option" => "option NAME = DEFAULT in MIN..MAX   (the range may be left out), or option NAME(p) = DEFAULT in MIN..MAX for one value per seat",
        "players" => "players NAME, NAME, ...   or   players COUNT   or   players COUNT of NAME, NAME, ...",
        "numbers" => "numbers N N N ...   (one number a cell, top row first)",
        "owner" => "owner majority",
        "deck" => "deck COUNT x LOW..HIGH, COUNT x VALUE, ...   or   deck COUNT x (KIND, KIND, ...), ... with kinds numbers or names",
        "teams" => "teams SEAT with SEAT, SEAT with SEAT, ...",
        "deal" => "deal N to each   or   deal N to each, M deals a dealer",
        "pass" => "pass N card to partner",
        "blocked" => "blocked where CONDITION   (`cell` is the space, `piece` the moving mover's seat)",
        "hand" => "hand CARDS",
        "tiebreak" => "tiebreak(p) = EXPRESSION",
        "board" => "board square WIDTH x HEIGHT   or   board hex SIDE   or   board hex WIDTH x HEIGHT   or   board triangle SIDE   (each followed by `with stacks`)   or   board track N per seat, homes of N, end zones of N [, starts uncounted] [, turning back]",
        "supply" => "supply PIECES   or   supply(p) = EXPRESSION",
        "define" => "define NAME = EXPRESSION   or   define NAME(p: seat, n: int) = EXPRESSION",
        "score" => "score(p) = EXPRESSION",
        "phase" => "phase NAME [for N turns]  followed by move rules, each a chain of steps joined by `then`: place [on CELL] [where CONDITION], drop [where CONDITION], pick [where CONDITION], step DIRECTIONS [where CONDITION], slide DIRECTIONS [where CONDITION], jump DIRECTIONS [capturing] [where CONDITION] (a step or jump maybe after `repeat` or `repeat at will`), promote to KIND [if CONDITION], remove [where CONDITION], flip enclosed, capture enclosed [exactly N], sow [without reversal], play MIN..MAX cards, draw N [if CONDITION], keep largest group [if CONDITION], rotate block N; on pits, sow around [where CONDITION] [skipping stores, from], gather CELL, ... into CELL [if CONDITION], gather NAME back from CELL while CONDITION into CELL [if CONDITION], again [if CONDITION]; on a track, play card [where CONDITION] then enter, move by N, split N or switch [where CONDITION]; and   otherwise pass   or   otherwise lose   or   otherwise draw   or   otherwise highest score wins   or   otherwise discard hand [then draw N]",
        "must" => "must block   or   must block when CONDITION   or   must capture   or   must capture most   or   must leave CONDITION",
        "limit" => "limit N turns",
        "after" => "after turn: supply(SEAT) -= EXPRESSION   (or a counter: quiet = quiet + 1)   or   after move: capture at CELL [if CONDITION]; send home piece [if CONDITION]",
        "end" => "end when CONDITION: RESULT   (RESULT: SEAT wins, draw, or highest score wins)",
        _ => return "an item starts with a keyword at the start of a line: game, option, players, board, supply, define, score, phase, after or end (docs/language.md)".to_string(),
    };
    format!("`{keyword}` is written: {form}")
}

/// A grammar rule in plain words.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::item_alone | Rule::file => {
            "an item (`game`, `players`, `board`, `phase`, `end`, ...)"
        }
        Rule::game_item => "`game`",
        Rule::option_item => "`option`",
        Rule::players_item => "`players`",
        Rule::board_item => "`board`",
        Rule::supply_item => "`supply`",
        Rule::define_item => "`define`",
        Rule::score_item => "`score`",
        Rule::phase_item => "`phase`",
        Rule::after_item => "`after`",
        Rule::end_item => "`end`",
        Rule::range => "a range (`in 1..10`)",
        Rule::square_board | Rule::hex_board => {
            "a board shape (`square 3 x 3`, `hex 6` or `hex 11 x 11`)"
        }
        Rule::params | Rule::param => "parameters (`(p: seat)`)",
        Rule::type_name => "a type (`int`, `bool`, `seat`, `cell` or `card`)",
        Rule::track_board | Rule::track_rule => {
            "a track (`track 14 per seat, homes of 4, end zones of 4`)"
        }
        Rule::teams_item | Rule::team => "teams (`teams A with C, B with D`)",
        Rule::deal_item => "a deal (`deal 4 to each, 3 deals a dealer`)",
        Rule::exchange_item => "`pass 1 card to partner`",
        Rule::blocked_item => "`blocked where ...`",
        Rule::after_move_item
        | Rule::move_effect
        | Rule::capture_effect
        | Rule::send_home_effect => {
            "an effect after a move (`capture at to if ...`, `send home piece if ...`)"
        }
        Rule::card_kinds | Rule::card_kind | Rule::signed_int => "kinds of card (`(1, -4, start)`)",
        Rule::play_card_step
        | Rule::enter_step
        | Rule::move_step
        | Rule::split_step
        | Rule::switch_step => {
            "a track step (`play card`, `enter`, `move by N`, `split N`, `switch`)"
        }
        Rule::duration => "a duration (`for 1 turn`)",
        Rule::move_rule | Rule::chain | Rule::otherwise_rule | Rule::pass_move => {
            "a move (`place where ...`, `pick where ...`, `play 1..4 cards then place on ...`)"
        }
        Rule::place_step
        | Rule::place_on
        | Rule::place_where
        | Rule::pick_step
        | Rule::remove_step
        | Rule::sow_step
        | Rule::play_step
        | Rule::draw_step
        | Rule::keep_step
        | Rule::drop_step
        | Rule::walk_step
        | Rule::walk_kind
        | Rule::walk_dirs
        | Rule::walk_where
        | Rule::enclosed_step
        | Rule::enclosed_effect => {
            "a step (`place`, `drop`, `pick`, `step`, `slide`, `jump`, `remove`, `flip enclosed`, `sow`, `draw`, `keep largest group`)"
        }
        Rule::must_item => "`must block`",
        Rule::limit_item => "`limit`",
        Rule::seat_param => "a seat parameter (`(p)`)",
        Rule::numbers_item => "`numbers`",
        Rule::deck_item | Rule::deck_part => "a deck (`deck 4 x 1..12`)",
        Rule::hand_item => "`hand`",
        Rule::tiebreak_item => "`tiebreak`",
        Rule::aggregate | Rule::aggregate_kind => "an expression",
        Rule::effect | Rule::call => "a call such as `supply(mover)`",
        Rule::assign_op => "an assignment (`=`, `+=` or `-=`)",
        Rule::result | Rule::winner | Rule::highest | Rule::draw => {
            "a result (`mover wins`, `draw` or `highest score wins`)"
        }
        Rule::expr | Rule::operation | Rule::not | Rule::neg | Rule::boolean => "an expression",
        Rule::if_kw | Rule::else_kw => "`if ... else ...`",
        Rule::or
        | Rule::and
        | Rule::eq
        | Rule::ne
        | Rule::le
        | Rule::ge
        | Rule::lt
        | Rule::gt
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem => "an operator",
        Rule::name | Rule::keyword => "a name",
        Rule::int => "a number",
        Rule::string => "a quoted title",
        Rule::EOI => "the end of the item",
        _ => "something else",
    }
}

fn join_words(words: &[&str]) -> String {
    match words {
        [] => "something else".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
    }
}
