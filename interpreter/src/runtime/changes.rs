//! Changes to quantities: lasting modifiers and continuous abilities, by layer, and the result.

use super::context::{number, Ctx, Origin, Subject, Value};
use super::Runtime;
use crate::ir::{Home, Op, Stmt, Trigger};
use cosmic_engine::effects::Lasting;
use cosmic_engine::{Game, PlayerId, Quantity};
use smallvec::SmallVec;

/// One change in force to a quantity: its layer and code, and who reads its amount with which
/// bound values (the context it is read in is made only as it is read).
pub(super) struct Change {
    layer: u8,
    code: u32,
    me: PlayerId,
    source: u32,
    slots: Vec<Value>,
}

/// The changes to one quantity: rarely more than one or two, so they stay off the heap.
pub(super) type Changes = SmallVec<[Change; 2]>;

impl Runtime {
    /// Every change to `q` in force, added to `out`: lasting modifiers and continuous
    /// abilities, in the order they were found (`changed` applies them by layer).
    pub(super) fn changes(&self, q: Quantity, game: &Game, out: &mut Changes) {
        let s = game.state();
        let lasting = &s.effects.lasting;
        let bit = q.kind_bit();
        if !lasting.is_empty() {
            for e in lasting {
                if let Lasting::Modifier {
                    quantity,
                    code,
                    env,
                } = &e.what
                {
                    if *quantity != q {
                        continue;
                    }
                    let me = PlayerId(env.first().copied().unwrap_or(0) as u8);
                    let slots = env[1..]
                        .chunks(2)
                        .map(|c| Value::decode(c[0], *c.get(1).unwrap_or(&0)))
                        .collect();
                    out.push(Change {
                        layer: self.layer(*code),
                        code: *code,
                        me,
                        source: 0,
                        slots,
                    });
                }
            }
            // Lasting effects read like continuous abilities: after the modifiers, in the
            // order they were started. One an alien power started acts while its owner has
            // the power (as the power's innate text would: zapped or not, but not lost).
            for e in lasting {
                if let Lasting::Continuous { effect, env, .. } = &e.what {
                    if self.index.lasting_kinds(*effect) & bit == 0 {
                        continue;
                    }
                    let lasting = &self.program.lasting[*effect as usize];
                    if self.ability(lasting.ability).home == Home::Power
                        && !self.power_held(game, e.by)
                    {
                        continue;
                    }
                    let mut ctx = self.effect_ctx(lasting.ability, env);
                    self.continuous_changes(&lasting.body, q, game, &mut ctx, out);
                }
            }
        }
        let key = self.index.modify_key(bit);
        if self.held_all(game).keys & key != 0 {
            let phase = s.encounter.phase;
            for &p in game.timing_order().iter() {
                // Roles are tested by `may_act` below: a seat none of whose abilities' roles
                // allow its standing now changes nothing.
                if !self.holds_acting_now(game, p, key) {
                    continue;
                }
                self.each_ability_at(game, p, key, |a, origin| {
                    // A face-down sheet changes nothing until it is flipped.
                    if origin == Origin::HiddenPower {
                        return;
                    }
                    let ab = self.ability(a);
                    let during = ab.triggers.iter().any(|t| match t {
                        Trigger::During(ph) => phase.is_some_and(|x| ph.contains(&x)),
                        _ => false,
                    });
                    if !during || !self.may_act(game, p, a) {
                        return;
                    }
                    let mut ctx = self.ctx(p, a, Subject::None);
                    self.continuous_changes(&ab.body, q, game, &mut ctx, out);
                });
            }
        }
    }

    /// The context a lasting effect's changes are read in: its owner and the values bound
    /// when it started (`env`, as `Stmt::Lasting` encodes them), in its ability.
    pub(super) fn effect_ctx(&self, ability: u32, env: &[i32]) -> Ctx {
        let me = PlayerId(env.first().copied().unwrap_or(0) as u8);
        let mut ctx = self.ctx(me, ability, Subject::None);
        for (slot, c) in ctx.slots.iter_mut().zip(env[1..].chunks(2)) {
            *slot = Value::decode(c[0], *c.get(1).unwrap_or(&0));
        }
        ctx
    }

    fn continuous_changes(
        &self,
        body: &[Stmt],
        q: Quantity,
        game: &Game,
        ctx: &mut Ctx,
        out: &mut Changes,
    ) {
        // The index's `modified_kinds` walks bodies as this does: keep them in step.
        for st in body {
            self.note_run(st);
            match st {
                Stmt::Modify { quantity, code, .. }
                    if self.instance(quantity, game, ctx) == Some(q) =>
                {
                    out.push(Change {
                        layer: self.layer(*code),
                        code: *code,
                        me: ctx.me,
                        source: ctx.source,
                        slots: ctx.slots.clone(),
                    });
                }
                Stmt::Let(slot, e) => ctx.slots[*slot as usize] = self.eval(e, game, ctx),
                Stmt::If(c, then, otherwise) => {
                    if self.eval(c, game, ctx).is_true() {
                        self.continuous_changes(then, q, game, ctx, out);
                    } else {
                        self.continuous_changes(otherwise, q, game, ctx, out);
                    }
                }
                // The compiler lets nothing else into a continuous ability (`check_form`).
                _ => {}
            }
        }
    }

    /// The order of changes to one quantity: plain sets, then multiplications and
    /// divisions, then additions and subtractions, then changes that read the value so far
    /// (such as a reversal of the winner) last.
    fn layer(&self, code: u32) -> u8 {
        let c = &self.program.codes[code as usize];
        if c.relative {
            return 3;
        }
        match c.op {
            Op::Set => 0,
            Op::Mul | Op::Div => 1,
            Op::Add | Op::Sub => 2,
        }
    }

    /// `q`, as the rules compute it (`value`), through every change in force, in order.
    pub(super) fn changed(&self, q: Quantity, value: i32, game: &Game) -> i32 {
        if self.depth.get() > 8 {
            return value;
        }
        self.depth.set(self.depth.get() + 1);
        let mut changes = Changes::new();
        self.changes(q, game, &mut changes);
        // Most quantities passed here find nothing in force for their own instance.
        let v = if changes.is_empty() {
            value
        } else {
            self.apply_changes(q, value, changes, game)
        };
        self.depth.set(self.depth.get() - 1);
        v
    }

    /// `value` through `changes`, by layer: plain sets first, ..., relative changes last;
    /// the sort is stable, so each layer keeps the order they were found in (a list already
    /// in order is left as it is).
    #[inline(never)]
    fn apply_changes(&self, q: Quantity, value: i32, mut changes: Changes, game: &Game) -> i32 {
        if changes.windows(2).any(|w| w[0].layer > w[1].layer) {
            changes.sort_by_key(|c| c.layer);
        }
        let mut v = value;
        for change in changes {
            let c = &self.program.codes[change.code as usize];
            let mut ctx = Ctx::change(change.me, change.slots, change.source);
            ctx.current = Some((q, v));
            let amount = match self.eval(&c.amount, game, &mut ctx) {
                Value::Side(s) => s.ix() as i32,
                other => number(&other, game),
            };
            v = match c.op {
                Op::Set => amount,
                Op::Add => v.saturating_add(amount),
                Op::Sub => v.saturating_sub(amount),
                Op::Mul => v.saturating_mul(amount),
                Op::Div => {
                    if amount == 0 {
                        v
                    } else {
                        v.div_euclid(amount)
                    }
                }
            };
        }
        v
    }
}
