//! `--shard K/N`: a disjoint, reproducible share of a study's games, so
//! that many machines can play one study (their summaries merge exactly
//! with `tabula merge`).

use super::super::Failure;

/// Share K (from 1) of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which share, from 1 to `of`.
    pub k: u32,
    /// How many shares.
    pub of: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let usage = || format!("`{text}`: a shard is K/N, K from 1 to N (e.g. 3/10)");
        let (k, of) = text.split_once('/').ok_or_else(usage)?;
        let (k, of): (u32, u32) = (
            k.trim().parse().map_err(|_| usage())?,
            of.trim().parse().map_err(|_| usage())?,
        );
        if of == 0 || k == 0 || k > of {
            return Err(usage());
        }
        Ok(Shard { k, of })
    }
}

impl Shard {
    /// The games (indices) of this share of `games`: a run of consecutive
    /// games, the shares' runs differing in length by one at most.
    pub fn games(self, games: u32) -> std::ops::Range<u32> {
        let at = |k: u32| (u64::from(games) * u64::from(k) / u64::from(self.of)) as u32;
        at(self.k - 1)..at(self.k)
    }

    /// Refuses a share with no game in it.
    pub fn check(self, games: u32) -> Result<(), Failure> {
        if self.games(games).is_empty() {
            return Err(Failure::usage(format!(
                "error: shard {}/{} of {games} games holds none; use at most {games} shards",
                self.k, self.of
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_cover_the_games_once() {
        for (games, of) in [(10, 3), (7, 7), (1000, 16), (5, 1)] {
            let mut next = 0;
            for k in 1..=of {
                let r = Shard { k, of }.games(games);
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, games);
        }
        assert!("0/3".parse::<Shard>().is_err());
        assert!("4/3".parse::<Shard>().is_err());
        assert!("2/0".parse::<Shard>().is_err());
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { k: 2, of: 3 }));
    }
}
