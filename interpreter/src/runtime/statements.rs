//! The statement interpreter: runs an ability's body.

use super::context::{
    cards_of, kind_value, number, planets_of, remembered_key, Ctx, Subject, Value, REMEMBERED_MAX,
};
use super::expressions::{main_side, matches};
use super::ships::Take;
use super::Runtime;
use crate::index::on_bit;
use crate::ir::{Happening, Stmt};
use cosmic_engine::effects::{Lasting, Until};
use cosmic_engine::event::Rule;
use cosmic_engine::piles::Back;
use cosmic_engine::{CardKind, CardType, Choice, DecisionKind, Flow, Game, PlayerId, Side};

/// What a lasting effect keeps of the context that started it: its owner, then each slot's
/// value encoded (`Value::encode`, two numbers a slot). Sized once: one allocation, not a
/// first and a second as the slots are added.
fn env(ctx: &Ctx) -> Vec<i32> {
    let mut env = Vec::with_capacity(1 + 2 * ctx.slots.len());
    env.push(ctx.me.0 as i32);
    for v in &ctx.slots {
        env.extend(v.encode());
    }
    env
}

impl Runtime {
    /// Runs an ability's body: the events card text causes meanwhile cite the ability, and
    /// the decisions it asks name it.
    pub(super) fn run_body(&self, stmts: &[Stmt], game: &mut Game, ctx: &mut Ctx) -> Flow {
        let outer = game.set_acting(Some(ctx.source));
        // The seats whose ships this text sends to the warp, apart from the outer text's.
        let outer_sent = game.swap_sent(0);
        // Text answering its player's own draws: what it draws is not answered again.
        let result = if self.index.feeds(ctx.item) {
            let feeding = game.set_feeding(Some(ctx.me));
            let result = self.exec(stmts, game, ctx);
            game.set_feeding(feeding);
            result
        } else {
            self.exec(stmts, game, ctx)
        };
        let sent = game.swap_sent(outer_sent);
        if sent != 0 && result.is_ok() {
            self.note_sent(game, ctx, sent);
        }
        game.set_acting(outer);
        result
    }

    /// Notes that the text just run for `ctx.me` sent the ships of `sent` (seats) to the
    /// warp, when that player holds an answer to it: ships sent by a player's power, flare,
    /// artifact or other card, never its own, and never by a hazard (nobody's action).
    #[inline(never)]
    fn note_sent(&self, game: &mut Game, ctx: &Ctx, sent: u8) {
        let victims = sent & !(1 << ctx.me.0);
        let hazard = (self.program.items.get(ctx.item as usize))
            .is_some_and(|item| item.kind == crate::ir::ItemKind::Hazard);
        if victims == 0
            || hazard
            || !self.holds_answer(game, Some(ctx.me), on_bit(Happening::MyShipsSent))
        {
            return;
        }
        game.note_ships_sent(ctx.me, victims);
    }

    pub(super) fn exec(&self, stmts: &[Stmt], game: &mut Game, ctx: &mut Ctx) -> Flow {
        for s in stmts {
            self.stmt(s, game, ctx)?;
        }
        Ok(())
    }

    fn stmt(&self, s: &Stmt, game: &mut Game, ctx: &mut Ctx) -> Flow {
        self.note_run(s);
        let me = ctx.me;
        match s {
            Stmt::Modify {
                quantity,
                code,
                source,
                until,
                names,
            } => {
                if let Some(q) = self.instance(quantity, game, ctx) {
                    let env = env(ctx);
                    // Written only for a log: simulations skip it.
                    let reads = (!names.is_empty() && game.logs_events())
                        .then(|| self.reads(*source, names, game, ctx));
                    game.start_effect(
                        me,
                        *until,
                        Lasting::Modifier {
                            quantity: q,
                            code: *code,
                            env,
                        },
                        *source,
                        reads,
                    );
                }
            }
            Stmt::Lasting {
                effect,
                until,
                source,
            } => {
                let env = env(ctx);
                let what = Lasting::Continuous {
                    effect: *effect,
                    source: *source,
                    env,
                };
                game.start_effect(me, self.in_play(*until, ctx), what, *source, None);
            }
            Stmt::KeepPowers(until) => {
                let until = self.in_play(*until, ctx);
                game.start_effect(me, until, Lasting::PowersKept, ctx.source, None);
            }
            Stmt::RemovePlayed(until) => {
                let until = self.in_play(*until, ctx);
                let what = Lasting::PlayedCardsRemoved { source: ctx.source };
                game.start_effect(me, until, what, ctx.source, None);
            }
            Stmt::DiscardHazard(name) => {
                let name = self.program.sources[*name as usize].as_str();
                let hazards = &game.components().hazards;
                if let Some(h) = hazards.iter().position(|d| d.name == name) {
                    game.discard_hazard_from_play(h as u16, ctx.source)?;
                }
            }
            Stmt::ShuffleDestiny(names) => game.shuffle_into_destiny(me, names, ctx.source),
            Stmt::RestartEncounter => game.restart_encounter(ctx.source),
            Stmt::ReplayEncounter => game.replay_encounter(ctx.source),
            Stmt::ShuffleDiscardIntoDeck => game.shuffle_discard_into_deck(ctx.source),
            Stmt::SetType { card, to, source } => {
                if let Value::Card(c) = self.eval(card, game, ctx) {
                    let e = &game.state().encounter;
                    if let Some(i) = e.cards.iter().position(|&x| x == Some(c)) {
                        let side = Side::BOTH[i];
                        let kind = match to {
                            CardType::Negotiate => CardKind::Negotiate,
                            CardType::Morph => CardKind::Morph,
                            _ => CardKind::Attack(0),
                        };
                        game.set_card_kind(side, kind, *source);
                    }
                }
            }
            Stmt::SetKind { card, to, source } => {
                if let (Value::Card(c), Some(kind)) = (
                    self.eval(card, game, ctx),
                    kind_value(&self.eval(to, game, ctx)),
                ) {
                    let e = &game.state().encounter;
                    if let Some(i) = e.cards.iter().position(|&x| x == Some(c)) {
                        game.set_card_kind(Side::BOTH[i], kind, *source);
                    }
                }
            }
            Stmt::DeclareKind(kind) => {
                if let Some(kind) = kind_value(&self.eval(kind, game, ctx)) {
                    game.declare_kind(me, kind, ctx.source);
                }
            }
            Stmt::Tokens { player, delta } => {
                if let Value::Player(p) = self.eval(player, game, ctx) {
                    let n = number(&self.eval(delta, game, ctx), game);
                    let now = game.state().effects.tokens[p.ix()] + n;
                    game.set_tokens(p, now, ctx.source);
                }
            }
            Stmt::Move {
                ships,
                count,
                up_to,
                to,
                chooser,
            } => {
                let chooser = chooser.as_ref().and_then(|c| self.player(c, game, ctx));
                let take = Take {
                    count: count.as_ref(),
                    up_to: *up_to,
                    chooser,
                };
                self.move_ships(ships, take, to, game, ctx)?
            }
            Stmt::TakeCard { card, to } => {
                match (self.eval(card, game, ctx), self.eval(to, game, ctx)) {
                    (Value::Card(c), Value::Player(p)) => game.take_card(p, c, ctx.source)?,
                    // `move the looked-at cards to my hand`: each of them.
                    (Value::Cards(cs), Value::Player(p)) => {
                        for c in cs {
                            game.take_card(p, c, ctx.source)?;
                        }
                    }
                    _ => {}
                }
            }
            Stmt::LookAtTop { count, cards, top } => {
                let n = number(&self.eval(count, game, ctx), game).clamp(0, 255) as u8;
                let seen = game.look_at_top(me, Back::Cosmic, n, ctx.source);
                ctx.slots[*top as usize] = seen.first().map_or(Value::None, |&c| Value::Card(c));
                ctx.slots[*cards as usize] = Value::Cards(seen);
            }
            Stmt::Draw(n, named) => {
                let n = number(&self.eval(n, game, ctx), game).max(0) as u32;
                let before = game.state().players[me.ix()].hand.len();
                game.draw_n(me, n, Rule::CardText)?;
                if let Some(slot) = named {
                    // Drawn cards join the end of the hand.
                    let hand = &game.state().players[me.ix()].hand;
                    let drawn = hand.get(before..).unwrap_or_default().to_vec();
                    ctx.slots[*slot as usize] = Value::Cards(drawn);
                }
            }
            Stmt::DiscardEachType(who) => {
                if let Value::Player(p) = self.eval(who, game, ctx) {
                    for t in CardType::ALL {
                        let options: Vec<Choice> = game.state().players[p.ix()]
                            .hand
                            .iter()
                            .filter(|&&c| game.state().kind(c).card_type() == t)
                            .map(|&c| Choice::Card(c))
                            .collect();
                        if options.is_empty() {
                            continue;
                        }
                        if let Choice::Card(c) = game.pick(p, DecisionKind::CardCards, options)? {
                            game.discard_card(p, c, Rule::CardText);
                        }
                    }
                }
            }
            Stmt::ChooseDestiny => game.choose_destiny(me, ctx.source)?,
            Stmt::RedrawDestiny => game.redraw_destiny(),
            Stmt::EncounterWith { defense, anywhere } => {
                if let Some(d) = self.player(defense, game, ctx) {
                    let offense = game.state().offense;
                    game.aim_gate_at(offense, d, *anywhere, ctx.source)?;
                }
            }
            Stmt::EncounterAt(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    game.aim_gate_at_planet(pl, ctx.source);
                }
            }
            Stmt::SwapHands(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.swap_hands(a, b, ctx.source);
                }
            }
            Stmt::SwapEncounterCards => game.swap_encounter_cards(ctx.source),
            Stmt::SetAside {
                card,
                planet,
                until,
            } => {
                let at = match planet {
                    None => Some(cosmic_engine::state::Aside::Sheet),
                    Some(pl) => match self.eval(pl, game, ctx) {
                        Value::Planet(pl) => Some(cosmic_engine::state::Aside::Planet(pl)),
                        _ => None,
                    },
                };
                if let Some(at) = at {
                    for c in cards_of(self.eval(card, game, ctx)) {
                        game.set_aside(ctx.me, c, at, *until, ctx.source);
                    }
                }
            }
            Stmt::Hire(cards) => {
                let cards = cards_of(self.eval(cards, game, ctx));
                game.hire_ships(me, &cards, ctx.source);
            }
            Stmt::ReplaceHired { count, up_to } => {
                let hired = game.hired_ships(me).min(255) as u8;
                let warp = game.ships_at(me, cosmic_engine::Place::Warp);
                let n = number(&self.eval(count, game, ctx), game).clamp(0, 255) as u8;
                let most = n.min(hired).min(warp);
                let n = match (*up_to, most) {
                    (_, 0) => 0,
                    // How many of the warp's ships come: asked as a choice of ships there.
                    (true, _) => {
                        let warp = [(cosmic_engine::Place::Warp, warp)];
                        let chosen = game.ask_card_ships(me, &warp, 0, most)?;
                        chosen.first().copied().unwrap_or(0)
                    }
                    (false, _) => most,
                };
                game.replace_hired_ships(me, n, ctx.source);
            }
            Stmt::SetAsideFaceUp { card, until } => {
                for c in cards_of(self.eval(card, game, ctx)) {
                    game.set_aside_face_up(ctx.me, c, *until, ctx.source);
                }
            }
            Stmt::Remember { key, value } => {
                let v = number(&self.eval(value, game, ctx), game).clamp(0, REMEMBERED_MAX);
                game.mark(me, remembered_key(*key, v), Until::EndOfEncounter);
            }
            Stmt::Compensation(from) => {
                if let Some(from) = self.player(from, game, ctx) {
                    if from != me {
                        game.collect_compensation(me, from)?;
                    }
                }
            }
            Stmt::Rewards(n) => {
                let n = number(&self.eval(n, game, ctx), game).clamp(0, u8::MAX as i32);
                game.receive_rewards(me, n as u8)?;
            }
            Stmt::SetUnderTech(card) => {
                if let Some(t) = ctx.tech {
                    for c in cards_of(self.eval(card, game, ctx)) {
                        let at = cosmic_engine::state::Aside::Tech(t);
                        game.set_aside(ctx.me, c, at, None, ctx.source);
                    }
                }
            }
            Stmt::OpenSheet => game.start_effect(
                ctx.me,
                Until::EndOfGame,
                Lasting::SheetAccess,
                ctx.source,
                None,
            ),
            Stmt::PlaceToken {
                key,
                planet,
                face_down,
                from_sheet,
            } => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    if *from_sheet {
                        game.place_sheet_token(me, pl, *key, ctx.source);
                    } else {
                        game.place_planet_token(me, pl, *key, *face_down, ctx.source);
                    }
                }
            }
            Stmt::ReturnTokens(planet) => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    game.return_planet_tokens(me, pl, ctx.source);
                }
            }
            Stmt::RevealTokens(planet) => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    // Answered at once, before the text that revealed them goes on.
                    if game.reveal_planet_tokens(me, pl, ctx.source) {
                        let subject = Subject::Planet(pl);
                        self.happened(game, Happening::MyTokensRevealed, 1 << me.0, subject)?;
                    }
                }
            }
            Stmt::RemovePlanetTokens(key) => game.remove_planet_tokens(me, *key, ctx.source),
            // A planet holding ships another ability holds hostage stays where it is.
            Stmt::DestroyPlanet(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    if !game.holds_hostages(pl, ctx.holder()) {
                        game.destroy_planet(pl, ctx.source)?;
                    }
                }
            }
            Stmt::KeepPlanet(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    if !game.holds_hostages(pl, ctx.holder()) {
                        game.keep_planet(me, pl, ctx.source)?;
                    }
                }
            }
            Stmt::CreatePlanet { owner, named } => {
                if let Some(owner) = self.player(owner, game, ctx) {
                    let pl = game.create_planet(owner, ctx.source);
                    if let Some(slot) = named {
                        ctx.slots[*slot as usize] = pl.map_or(Value::None, Value::Planet);
                    }
                }
            }
            Stmt::MovePlanet { planet, to, named } => {
                if let (Value::Planet(pl), Some(to)) =
                    (self.eval(planet, game, ctx), self.player(to, game, ctx))
                {
                    let moved = if game.holds_hostages(pl, ctx.holder()) {
                        None
                    } else {
                        game.move_planet(pl, to, ctx.source)?
                    };
                    if let Some(slot) = named {
                        ctx.slots[*slot as usize] = moved.map_or(Value::None, Value::Planet);
                    }
                }
            }
            Stmt::GiveTech(to) => {
                if let (Some(to), Some(tech)) = (self.player(to, game, ctx), ctx.tech) {
                    game.give_tech(me, tech, to, ctx.source);
                }
            }
            Stmt::ToDeckBottom(cards) => {
                for c in cards_of(self.eval(cards, game, ctx)) {
                    game.card_to_deck_bottom(c, ctx.source);
                }
            }
            Stmt::LendPower(to) => {
                if let Value::Player(to) = self.eval(to, game, ctx) {
                    game.lend_power(ctx.me, to, ctx.source);
                }
            }
            Stmt::ObligeInvite { who, whom, until } => {
                if let (Value::Player(p), Value::Player(ally)) =
                    (self.eval(who, game, ctx), self.eval(whom, game, ctx))
                {
                    if p != ally {
                        let until = self.in_play(*until, ctx);
                        let what = Lasting::MustInvite { ally };
                        game.start_effect(p, until, what, ctx.source, None);
                    }
                }
            }
            Stmt::ObligePlay { who, card } => {
                if let (Value::Player(p), Value::Card(c)) =
                    (self.eval(who, game, ctx), self.eval(card, game, ctx))
                {
                    game.oblige_to_play(p, c, ctx.source);
                }
            }
            Stmt::ReplaceEncounterCard { who, card } => {
                if let (Value::Player(p), Value::Card(c)) =
                    (self.eval(who, game, ctx), self.eval(card, game, ctx))
                {
                    game.replace_encounter_card(p, c, ctx.source);
                }
            }
            Stmt::MixHandsOf(players) => {
                let m = self.eval(players, game, ctx).mask();
                game.mix_hands_of(m, ctx.source);
            }
            Stmt::SwapDeckAndDiscard => game.swap_deck_and_discard(ctx.source),
            Stmt::ReverseTurnOrder => game.reverse_turn_order(ctx.source),
            Stmt::ReverseAlliesGains => game.reverse_allies_gains(ctx.source),
            Stmt::TakeFleet => game.take_unused_fleet(ctx.me, ctx.source),
            Stmt::MixHands(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.mix_hands(a, b, ctx.source);
                }
            }
            Stmt::GainRandomAlien { incarnation } => {
                let tech = if *incarnation { None } else { ctx.tech };
                game.gain_random_power(ctx.me, tech, *incarnation, ctx.source);
            }
            Stmt::ReplaceAlien(p) => {
                if let Value::Player(p) = self.eval(p, game, ctx) {
                    game.replace_alien(p, ctx.source);
                }
            }
            Stmt::SwapAliens(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.swap_aliens(a, b, ctx.source);
                }
            }
            Stmt::SwapSheets(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.swap_sheets(a, b, ctx.source);
                }
            }
            Stmt::SwapSheetsForEncounter(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.swap_sheets_for_encounter(a, b, ctx.source);
                }
            }
            Stmt::Give { card, to, named } => {
                let to = self.player(to, game, ctx);
                let card = match card {
                    Some(c) => match self.eval(c, game, ctx) {
                        Value::Card(c) => Some(c),
                        _ => None,
                    },
                    None => {
                        let options: Vec<Choice> = game.state().players[me.ix()]
                            .hand
                            .iter()
                            .map(|&c| Choice::Card(c))
                            .collect();
                        if options.is_empty() {
                            None
                        } else {
                            match game.pick(me, DecisionKind::CardCards, options)? {
                                Choice::Card(c) => Some(c),
                                _ => None,
                            }
                        }
                    }
                };
                if let Some(c) = card {
                    if !game.state().players[me.ix()].hand.contains(&c) {
                        return Ok(());
                    }
                    if let Some(slot) = named {
                        ctx.slots[*slot as usize] = Value::Card(c);
                    }
                    match to {
                        Some(to) if to != me => game.give_as_gift(me, to, c),
                        Some(_) => {}
                        // Nobody to give it to: the card is discarded.
                        None => game.discard_card(me, c, Rule::CardText),
                    }
                }
            }
            Stmt::TakeChosen { count, up_to, from } => {
                let n = number(&self.eval(count, game, ctx), game).max(0);
                if let Some(from) = self.player(from, game, ctx).filter(|&f| f != me) {
                    game.look_at_hand(me, from, ctx.source);
                    let options: Vec<Choice> = game.state().players[from.ix()]
                        .hand
                        .iter()
                        .map(|&c| Choice::Card(c))
                        .collect();
                    let max = (n as usize).min(options.len()) as u8;
                    let min = if *up_to { 0 } else { max };
                    if max > 0 {
                        let picked =
                            game.ask_subset(me, DecisionKind::TakeCards, options, min, max)?;
                        for c in picked {
                            if let Choice::Card(c) = c {
                                game.give_card(from, me, c, Rule::CardText);
                            }
                        }
                    }
                }
            }
            Stmt::DiscardChosen {
                count,
                ty,
                like,
                up_to,
            } => {
                let n = number(&self.eval(count, game, ctx), game).max(0);
                let like = match like.as_ref().map(|l| self.eval(l, game, ctx)) {
                    Some(Value::Card(c)) => Some(c),
                    Some(_) => return Ok(()),
                    None => None,
                };
                let s = game.state();
                let options: Vec<Choice> = s.players[me.ix()]
                    .hand
                    .iter()
                    .filter(|&&c| ty.is_none_or(|t| s.kind(c).card_type() == t))
                    .filter(|&&c| like.is_none_or(|l| matches(s.kind(c), s.kind(l))))
                    .map(|&c| Choice::Card(c))
                    .collect();
                let k = (n as usize).min(options.len()) as u8;
                let min = if *up_to { 0 } else { k };
                if k > 0 {
                    for c in game.ask_subset(me, DecisionKind::CardCards, options, min, k)? {
                        if let Choice::Card(c) = c {
                            game.discard_card(me, c, Rule::CardText);
                        }
                    }
                }
            }
            Stmt::DiscardAny(list) => {
                let hand = &game.state().players[me.ix()].hand;
                let options: Vec<Choice> = match self.eval(list, game, ctx) {
                    Value::Cards(cs) => cs
                        .into_iter()
                        .filter(|c| hand.contains(c))
                        .map(Choice::Card)
                        .collect(),
                    _ => Vec::new(),
                };
                if !options.is_empty() {
                    let n = options.len() as u8;
                    for c in game.ask_subset(me, DecisionKind::CardCards, options, 0, n)? {
                        if let Choice::Card(c) = c {
                            game.discard_card(me, c, Rule::CardText);
                        }
                    }
                }
            }
            Stmt::DiscardCards(list) => {
                for c in cards_of(self.eval(list, game, ctx)) {
                    // A card looked at on top of the deck is discarded by whoever does it.
                    if !game.discard_from_deck(me, c, ctx.source) {
                        game.discard_anywhere(c, ctx.source);
                    }
                }
            }
            Stmt::Reinforce { card, side } => {
                if let (Value::Card(c), Value::Side(side)) =
                    (self.eval(card, game, ctx), self.eval(side, game, ctx))
                {
                    game.play_as_reinforcement(me, c, side)?;
                }
            }
            Stmt::GiveCards { count, to } => {
                let n = number(&self.eval(count, game, ctx), game).max(0);
                if let Some(to) = self.player(to, game, ctx).filter(|&t| t != me) {
                    let options: Vec<Choice> = game.state().players[me.ix()]
                        .hand
                        .iter()
                        .map(|&c| Choice::Card(c))
                        .collect();
                    let k = (n as usize).min(options.len()) as u8;
                    if k > 0 {
                        for c in game.ask_subset(me, DecisionKind::CardCards, options, k, k)? {
                            if let Choice::Card(c) = c {
                                game.give_card(me, to, c, Rule::CardText);
                            }
                        }
                    }
                }
            }
            Stmt::DiscardHand(who) => {
                if let Some(p) = self.player(who, game, ctx) {
                    game.discard_hand(p, Rule::CardText);
                }
            }
            Stmt::DiscardRandom { count, from } => {
                let n = number(&self.eval(count, game, ctx), game).max(0) as u32;
                if let Some(from) = self.player(from, game, ctx) {
                    game.discard_random(from, n);
                }
            }
            Stmt::WatchDraws(who) => {
                if let Some(p) = self.player(who, game, ctx) {
                    game.watch_draws(me, p, ctx.source);
                }
            }
            Stmt::ShowCard(card, to) => {
                if let Value::Card(c) = self.eval(card, game, ctx) {
                    match to {
                        None => game.show_card(me, c, ctx.source),
                        Some(to) => {
                            if let Some(viewer) = self.player(to, game, ctx) {
                                game.show_card_to(me, c, viewer, ctx.source);
                            }
                        }
                    }
                }
            }
            Stmt::KeepFaceDown => {
                let s = game.state();
                if let Some(side) = s.side_of(me).filter(|_| s.is_main_player(me)) {
                    game.keep_face_down(side, ctx.source);
                }
            }
            Stmt::GiveToken(to, key) => {
                if let Some(p) = self.player(to, game, ctx) {
                    game.give_token(p, *key);
                }
            }
            Stmt::WinFight => game.win_fight(me, ctx.source),
            Stmt::WinEncounter => {
                if let Some(side) = game.state().side_of(me) {
                    game.win_encounter(side, ctx.source)?;
                }
            }
            Stmt::LookAtHand(who) => {
                if let Some(p) = self.player(who, game, ctx) {
                    game.look_at_hand(me, p, ctx.source);
                }
            }
            Stmt::TakeRandom { count, from } => {
                let n = self.eval(count, game, ctx).int().max(0) as u32;
                if let Some(from) = self.player(from, game, ctx) {
                    game.take_random_cards(from, me, n)?;
                }
            }
            Stmt::ZapOwnPower => {
                game.zap_power(me, Until::EndOfEncounter, ctx.source);
                self.zapped(game, me)?;
            }
            Stmt::DiscardThis => {
                if let Some(t) = ctx.tech {
                    game.discard_tech(me, t, Rule::CardText)?;
                }
                if let Some(c) = ctx.card {
                    if game.state().players[me.ix()].hand.contains(&c) {
                        game.discard_card(me, c, Rule::CardText);
                    }
                }
            }
            Stmt::EndEncounter(outcome) => game.end_encounter(*outcome, ctx.source)?,
            Stmt::NewHand => game.draw_new_hand(me, Rule::CardText)?,
            Stmt::ReplaceNewHand => game.replace_new_hand(Rule::CardText),
            Stmt::SelectFaceUp(who) => {
                if let Value::Player(p) = self.eval(who, game, ctx) {
                    if let Some(side) = main_side(game, p) {
                        game.select_face_up(side, ctx.source)?;
                    }
                }
            }
            Stmt::JoinBoth => game.join_both_sides(me, ctx.source)?,
            Stmt::FreeCaptured => game.free_captured(me, Rule::CardText),
            Stmt::Shelter(planet) => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    game.shelter(me, pl);
                }
            }
            Stmt::Hostage { owner, planet } => {
                let owner = self.player(owner, game, ctx);
                if let (Some(owner), Value::Planet(pl)) = (owner, self.eval(planet, game, ctx)) {
                    game.take_hostage(owner, pl, ctx.holder());
                }
            }
            Stmt::DrawEither(n) => {
                let n = number(&self.eval(n, game, ctx), game).clamp(0, u8::MAX as i32);
                game.draw_either_deck(me, n as u8)?;
            }
            Stmt::JoinWithoutShips(side) => {
                if let Value::Side(side) = self.eval(side, game, ctx) {
                    game.join_side_without_ships(me, side, ctx.source);
                }
            }
            Stmt::TradePlanets(a, b) => {
                if let (Value::Planet(a), Value::Planet(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    let held = |pl| game.holds_hostages(pl, ctx.holder());
                    if !held(a) && !held(b) {
                        game.trade_planets(a, b, ctx.source)?;
                    }
                }
            }
            Stmt::Join(side) => {
                if let Value::Side(side) = self.eval(side, game, ctx) {
                    game.join_side(me, side, ctx.source)?;
                }
            }
            Stmt::CancelSubject => ctx.cancelled = true,
            Stmt::DuplicatePlay => self.duplicate_play(game, me, ctx.subject)?,
            Stmt::PlaceShipToken { key, planet } => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    game.place_ship_token(me, pl, *key, ctx.tech, ctx.source);
                }
            }
            Stmt::DiscardSubjectTech => {
                if let Subject::Use {
                    player,
                    tech: Some(t),
                    ..
                } = ctx.subject
                {
                    game.discard_tech(player, t, Rule::CardText)?;
                }
            }
            Stmt::PowerOffSubject(until) => {
                if let Subject::Use {
                    player,
                    card: None,
                    tech: None,
                    ..
                } = ctx.subject
                {
                    ctx.cancelled = true;
                    game.zap_power(player, *until, ctx.source);
                    self.zapped(game, player)?;
                }
            }
            Stmt::FailDeal => game.fail_deal(),
            Stmt::SkipToReveal => game.skip_to_reveal(ctx.source),
            Stmt::DealAmong(players) => {
                let m = self.eval(players, game, ctx).mask() | 1 << ctx.me.0;
                game.deal_among(m as u16, ctx.source)?;
            }
            Stmt::Declare(key) => game.declare(me, *key),
            Stmt::AnotherEncounter => game.grant_another_encounter(ctx.source),
            Stmt::OutOfTurnEncounter(defense) => {
                if let Some(d) = self.player(defense, game, ctx) {
                    game.grant_encounter_against(me, Some(d), ctx.source);
                }
            }
            Stmt::OwnEncounter => game.grant_encounter_against(me, None, ctx.source),
            Stmt::EncounterForGame(defense) => {
                if let Some(d) = self.player(defense, game, ctx) {
                    game.contest_win(me, d, ctx.source);
                }
            }
            Stmt::InviteAlly(whom) => {
                if let Some(p) = self.player(whom, game, ctx) {
                    game.invite_to_ally(me, p, ctx.source)?;
                }
            }
            Stmt::Win => game.win_now(vec![me], ctx.source)?,
            Stmt::WinAlone => game.win_alone(me, ctx.source)?,
            Stmt::EndGame => game.end_game_lost(ctx.source)?,
            Stmt::LosePower(until) => game.power_off(me, *until, ctx.source),
            Stmt::RegainPower => game.power_on(me, ctx.source),
            Stmt::If(c, then, otherwise) => {
                if self.eval(c, game, ctx).is_true() {
                    self.exec(then, game, ctx)?;
                } else {
                    self.exec(otherwise, game, ctx)?;
                }
            }
            Stmt::ForEach(slot, over, body) => {
                let over = self.eval(over, game, ctx);
                if let Value::Int(n) = over {
                    for i in 1..=n.clamp(0, 255) {
                        ctx.slots[*slot as usize] = Value::Int(i);
                        self.exec(body, game, ctx)?;
                    }
                    return Ok(());
                }
                if let Value::Cards(cards) = over {
                    for c in cards {
                        ctx.slots[*slot as usize] = Value::Card(c);
                        self.exec(body, game, ctx)?;
                    }
                    return Ok(());
                }
                if let Value::Planets(_) | Value::Planet(_) = over {
                    for pl in planets_of(over) {
                        ctx.slots[*slot as usize] = Value::Planet(pl);
                        self.exec(body, game, ctx)?;
                    }
                    return Ok(());
                }
                // Players act clockwise, starting with the acting player (the rule book's
                // order for effects on several players).
                let mask = over.mask();
                let n = game.state().player_count();
                let order: Vec<PlayerId> = (0..n).map(|k| game.state().left_of(me, k)).collect();
                for p in order {
                    if mask & (1 << p.0) != 0 {
                        ctx.slots[*slot as usize] = Value::Player(p);
                        self.exec(body, game, ctx)?;
                    }
                }
            }
            Stmt::Let(slot, e) => ctx.slots[*slot as usize] = self.eval(e, game, ctx),
            Stmt::Choose(slot, pick) => {
                let v = self.choose(pick, game, ctx)?;
                ctx.slots[*slot as usize] = v;
            }
            Stmt::ChooseOne(options) => {
                let advise = game.reads_advice(me);
                let choices: Vec<Choice> = options
                    .iter()
                    .map(|o| Choice::Option {
                        label: o.label,
                        advised: (o.prefer.as_ref())
                            .filter(|_| advise)
                            .map(|c| self.eval(c, game, ctx).is_true()),
                    })
                    .collect();
                let k = game.pick_index(me, DecisionKind::CardChoice, choices)?;
                if let Some(option) = options.get(k) {
                    self.exec(&option.body, game, ctx)?;
                }
            }
            Stmt::As(who, body) => {
                // `as that player` in a replacement: the owner of the ships replaced.
                if let Some(p) = self.player(who, game, ctx) {
                    let saved = ctx.me;
                    ctx.me = p;
                    let r = self.exec(body, game, ctx);
                    ctx.me = saved;
                    r?;
                }
            }
        }
        Ok(())
    }

    /// Statement `source` as it reads here: its bound `names` replaced by their values (a
    /// name whose value has no short reading is left as it is).
    fn reads(&self, source: u32, names: &[(String, u8)], game: &Game, ctx: &Ctx) -> Box<str> {
        let n = game.names();
        let values: Vec<(&str, String)> = names
            .iter()
            .filter_map(|(name, slot)| {
                let text = match ctx.slots.get(*slot as usize)? {
                    Value::Int(v) => v.to_string(),
                    Value::Player(p) => n.player(*p).to_string(),
                    Value::Card(c) => n.card(*c).to_string(),
                    Value::Planet(p) => n.planet(*p),
                    Value::Side(Side::Offense) => "the offense's side".to_string(),
                    Value::Side(Side::Defense) => "the defense's side".to_string(),
                    _ => return None,
                };
                Some((name.as_str(), text))
            })
            .collect();
        let text = &self.program.sources[source as usize];
        crate::reads::substitute(text, &values).into_boxed_str()
    }
}

impl Runtime {
    /// The hazard whose text runs (its index in the game's hazards), if the text is a
    /// hazard's: as it is drawn, or in a lasting effect it started, in a later encounter too.
    pub(super) fn this_hazard(&self, ctx: &Ctx) -> Option<u16> {
        (self.hazard_items.iter())
            .position(|&i| i == ctx.item)
            .map(|h| h as u16)
    }

    /// A duration as it applies now: `until this hazard leaves play` is the hazard whose
    /// text runs.
    fn in_play(&self, until: Until, ctx: &Ctx) -> Until {
        match (until, self.this_hazard(ctx)) {
            (Until::InPlay(_), Some(h)) => Until::InPlay(h),
            _ => until,
        }
    }
}
