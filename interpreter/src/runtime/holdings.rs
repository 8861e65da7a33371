//! What each player's holdings may do (candidate abilities), cached under its holdings stamp.

use super::context::Origin;
use super::Runtime;
use crate::header::Standing;
use crate::index::{Acting, Keys, Ons, Part, Summary};
use crate::ir::Home;
use cosmic_engine::{CardKind, Game, PlayerId};

/// The abilities one player's holdings give, under its holdings stamp.
#[derive(Clone, Debug, Default)]
pub(super) struct Candidates {
    /// The `Game::holdings_stamp` this was gathered under (0: never).
    pub(super) stamp: u64,
    /// In the order they are offered.
    pub(super) list: Vec<Candidate>,
    /// What the list may do (its `Held`, stamp aside), summed as it is gathered.
    pub(super) held: Held,
    /// The list's moments by the standing that may use each ability (see `held_as`).
    pub(super) as_standing: [Keys; Standing::ALL.len()],
}

/// An ability a player's holdings give, and what must hold for it to be usable now.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) ability: u32,
    /// The moments at which it acts.
    pub(super) keys: Keys,
    pub(super) origin: Origin,
    pub(super) need: Need,
}

/// What must hold, besides the holdings, for a candidate ability to be usable.
#[derive(Clone, Copy, Debug)]
pub(super) enum Need {
    /// The player's alien power works.
    Works,
    /// The player has its alien power, zapped or not: an innate part is never used, so a
    /// zap, which cancels uses, does not stop it (Combined Rules, Zapping Alien Powers).
    Held,
    /// The tech (the player's n-th) is completed, or a secret tech researched enough.
    Tech(u8),
    /// Nothing: an attachment's abilities act for whoever has access to it, whether its
    /// power works or not.
    Access,
    /// A card: on the sheet, the sheet is open; a flare, no flare was used and its home
    /// matches whether the power works.
    Card {
        sheet: bool,
        flare: Option<FlareHome>,
    },
}

/// Which of a flare's texts a candidate is.
#[derive(Clone, Copy, Debug)]
pub(super) enum FlareHome {
    /// Another alien's flare: its wild text.
    Wild,
    /// One's own flare while the power works: its super text.
    Super,
    /// One's own flare while the power does not work: its wild text.
    OwnWild,
}

/// What one player's holdings (powers, techs, hand, sheet) may do: a superset, since it
/// counts techs not yet usable and sheets not open; the full search decides.
#[derive(Clone, Copy, Debug)]
pub(super) struct Held {
    /// The `Game::holdings_stamp` this was computed under (`u64::MAX`: never).
    pub(super) stamp: u64,
    /// The moments at which something held may act (with the kinds of quantity it may
    /// change continuously: `index::kinds_of`).
    pub(super) keys: Keys,
    /// The happenings something held answers (`index::on_bit`).
    pub(super) ons: Ons,
}

impl Held {
    pub(super) const NONE: Held = Held {
        stamp: u64::MAX,
        keys: 0,
        ons: 0,
    };
}

impl Default for Held {
    fn default() -> Held {
        Held::NONE
    }
}

impl Runtime {
    /// What anybody's holdings may do, from the cache while no holdings changed.
    #[inline]
    pub(super) fn held_all(&self, game: &Game) -> Held {
        let cached = self.held_all.get();
        if cached.stamp == game.holdings_version() {
            return cached;
        }
        self.gather_held_all(game)
    }

    /// What anybody's holdings may do, computed afresh and cached.
    #[inline(never)]
    fn gather_held_all(&self, game: &Game) -> Held {
        let version = game.holdings_version();
        let mut all = Held {
            stamp: version,
            ..Held::NONE
        };
        for p in game.state().seats() {
            let held = self.held(game, p);
            all.keys |= held.keys;
            all.ons |= held.ons;
            self.seat_keys[p.ix()].set(held.keys);
        }
        self.held_all.set(all);
        self.seat_keys_at.set(version);
        all
    }

    /// What `p`'s holdings may do, from the cache while its holdings stamp is unchanged.
    #[inline]
    fn held(&self, game: &Game, p: PlayerId) -> Held {
        let cached = self.held[p.ix()].get();
        if cached.stamp == game.holdings_stamp(p) {
            return cached;
        }
        self.gather_held(game, p)
    }

    /// What `p`'s holdings may do, computed afresh and cached: the moments of its candidate
    /// abilities (gathered now if they are stale too, as they are about to be read).
    #[inline(never)]
    fn gather_held(&self, game: &Game, p: PlayerId) -> Held {
        let cache = self.candidates(game, p);
        let held = Held {
            stamp: game.holdings_stamp(p),
            ..cache.held
        };
        self.held[p.ix()].set(held);
        for (cell, &keys) in self.held_as[p.ix()].iter().zip(&cache.as_standing) {
            cell.set(keys);
        }
        held
    }

    /// The abilities `p`'s holdings give, from the cache while its holdings stamp is
    /// unchanged (see `abilities_at`, which checks what may change without a new stamp).
    #[inline]
    pub(super) fn candidates(&self, game: &Game, p: PlayerId) -> std::cell::Ref<'_, Candidates> {
        let stamp = game.holdings_stamp(p);
        let cell = &self.candidates[p.ix()];
        if cell.borrow().stamp != stamp {
            let mut cache = cell.borrow_mut();
            cache.stamp = stamp;
            self.gather_candidates(game, p, &mut cache);
        }
        cell.borrow()
    }

    /// Every ability `p`'s alien powers, techs, attachments, hand and sheet carry, in the order they are
    /// offered.
    #[inline(never)]
    fn gather_candidates(&self, game: &Game, p: PlayerId, out: &mut Candidates) {
        let s = game.state();
        let player = &s.players[p.ix()];
        out.list.clear();
        // What the holdings may do is summed from the index, a holding's part at a time,
        // rather than from each ability's triggers and roles.
        let mut sum = Summary::default();
        let mut push = |act: &Acting, origin: Origin, need: Need| {
            out.list.push(Candidate {
                ability: act.ability,
                keys: act.keys,
                origin,
                need,
            });
        };
        for (k, alien) in player.aliens().enumerate() {
            let item = self.alien_items[alien as usize];
            let origin = if k == 0 && player.face_down {
                Origin::HiddenPower
            } else {
                Origin::Power
            };
            let (acting, part) = self.index.part(item, Part::Power);
            sum.merge(part);
            for act in acting {
                let need = if act.innate { Need::Held } else { Need::Works };
                push(act, origin, need);
            }
        }
        for (i, h) in player.techs.iter().enumerate() {
            let Some(&item) = self.tech_items.get(h.tech as usize) else {
                continue;
            };
            let (acting, part) = self.index.part(item, Part::Effect);
            sum.merge(part);
            for act in acting {
                push(act, Origin::Tech(h.tech), Need::Tech(i as u8));
            }
        }
        // An attachment's access rule: today every attachment is its holder's (`access holder`).
        for &a in &player.attachments {
            let Some(&item) = self.attachment_items.get(a as usize) else {
                continue;
            };
            let (acting, part) = self.index.part(item, Part::Effect);
            sum.merge(part);
            for act in acting {
                push(act, Origin::Attachment(a), Need::Access);
            }
        }
        let hand = player.hand.iter().map(|&c| (c, false));
        for (card, sheet) in hand.chain(s.sheet_cards(p).map(|c| (c, true))) {
            let def = s.cards[card.0 as usize].def as usize;
            let Some(&Some(item)) = self.def_items.get(def) else {
                continue;
            };
            let origin = Origin::Card(card);
            if s.kind(card) != CardKind::Flare {
                let (acting, part) = self.index.part(item, Part::Effect);
                sum.merge(part);
                for act in acting {
                    push(act, origin, Need::Card { sheet, flare: None });
                }
                continue;
            }
            // A face-down sheet's own flare is played as a wild flare: it does not tell.
            let own = player.aliens().enumerate().any(|(k, a)| {
                self.alien_items[a as usize] == item && !(k == 0 && player.face_down)
            });
            // Its super texts while own, its wild texts always.
            let (acting, part) = self.index.flare_part(item, own);
            sum.merge(part);
            for act in acting {
                let home = match act.home {
                    Home::Super if own => FlareHome::Super,
                    Home::Wild if own => FlareHome::OwnWild,
                    Home::Wild => FlareHome::Wild,
                    _ => continue,
                };
                let flare = Some(home);
                push(act, origin, Need::Card { sheet, flare });
            }
        }
        out.held = Held {
            keys: sum.keys,
            ons: sum.ons,
            ..Held::NONE
        };
        out.as_standing = sum.as_standing;
        // The summaries count exactly the abilities listed.
        debug_assert_eq!(
            out.list
                .iter()
                .fold((0, [0; Standing::ALL.len()]), |(keys, mut by), c| {
                    for (k, s) in by.iter_mut().zip(Standing::ALL) {
                        if self.ability(c.ability).roles.allows(s) {
                            *k |= c.keys;
                        }
                    }
                    (keys | c.keys, by)
                }),
            (out.held.keys, out.as_standing)
        );
    }

    /// Whether anything `p` holds answers one of the happenings `ons` (a cheap test before
    /// the search of its answers; `None`: anybody).
    pub(super) fn holds_answer(&self, game: &Game, p: Option<PlayerId>, ons: Ons) -> bool {
        let held = match p {
            Some(p) => self.held(game, p),
            None => self.held_all(game),
        };
        held.ons & ons != 0
    }

    /// Whether `p`'s holdings have an ability that may act at one of the moments in `keys`
    /// and whose roles allow `p`'s standing now (a cheap test before the full search of its
    /// abilities, for searches that test each ability's roles: `may_act`).
    #[inline]
    pub(super) fn holds_acting_now(&self, game: &Game, p: PlayerId, keys: Keys) -> bool {
        // While no holdings changed since `held_all` was gathered, each seat's moments are
        // read off its table (a window tests every seat).
        let held = if self.seat_keys_at.get() == game.holdings_version() {
            self.seat_keys[p.ix()].get()
        } else {
            self.held(game, p).keys
        };
        held & keys != 0 && self.held_as[p.ix()][Self::standing(game, p) as usize].get() & keys != 0
    }
}
