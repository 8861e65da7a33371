//! Resources: counters a player holds (Eon's lucre), gained, paid and given by actions,
//! saved with the state, shown in views and read by content. A resource is a rules
//! component, like a ship: the engine knows what it is for, content only how much.

use crate::event::{EventKind, Rule};
use crate::game::Game;
use crate::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// A kind of resource players count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    /// Eon's lucre: bought tokens and cards, added to a main player's total.
    Lucre,
}

impl Resource {
    /// Every resource, in a fixed order (the index of each in `Resources`).
    pub const ALL: [Resource; 1] = [Resource::Lucre];

    /// The resource's name in logs, scenario files and content.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Lucre => "lucre",
        }
    }

    /// The resource a name stands for.
    pub fn parse(name: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// How much of each resource a player holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resources([u16; Resource::ALL.len()]);

impl Resources {
    /// How much of `r` is held.
    #[inline]
    pub fn get(&self, r: Resource) -> u16 {
        self.0[r as usize]
    }

    /// Sets how much of `r` is held.
    pub fn set(&mut self, r: Resource, n: u16) {
        self.0[r as usize] = n;
    }

    /// Whether nothing is held (left out of saves, so games without resources keep
    /// their digests).
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
}

// Saved as a map of the resources held (`{"lucre": 4}`), by name.
impl Serialize for Resources {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let held: Vec<_> = Resource::ALL
            .into_iter()
            .filter(|&r| self.get(r) > 0)
            .collect();
        let mut map = s.serialize_map(Some(held.len()))?;
        for r in held {
            map.serialize_entry(r.name(), &self.get(r))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Resources {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, u16>::deserialize(d)?;
        let mut out = Resources::default();
        for (name, n) in map {
            let r = Resource::parse(&name).ok_or_else(|| {
                serde::de::Error::custom(format!("`{name}` is not a resource (lucre)"))
            })?;
            out.set(r, n);
        }
        Ok(out)
    }
}

impl Game<'_> {
    /// How much of `r` player `p` holds.
    pub fn resource(&self, p: PlayerId, r: Resource) -> u16 {
        self.state.players[p.ix()].resources.get(r)
    }

    /// `p` takes `n` of `r` from the box.
    pub fn gain_resource(&mut self, p: PlayerId, r: Resource, n: u16, rule: Rule) {
        if n == 0 {
            return;
        }
        let held = &mut self.state.players[p.ix()].resources;
        held.set(r, held.get(r).saturating_add(n));
        self.emit(
            rule,
            EventKind::ResourceGained {
                player: p,
                resource: r,
                amount: n,
            },
        );
    }

    /// `p` pays `n` of `r` to the box; false (and nothing paid) if it holds less.
    pub fn pay_resource(&mut self, p: PlayerId, r: Resource, n: u16, rule: Rule) -> bool {
        let held = &mut self.state.players[p.ix()].resources;
        if held.get(r) < n {
            return false;
        }
        if n == 0 {
            return true;
        }
        held.set(r, held.get(r) - n);
        self.emit(
            rule,
            EventKind::ResourcePaid {
                player: p,
                resource: r,
                amount: n,
            },
        );
        true
    }

    /// `from` gives `n` of `r` (at most what it holds) to `to`; returns how much was given.
    pub fn give_resource(
        &mut self,
        from: PlayerId,
        to: PlayerId,
        r: Resource,
        n: u16,
        rule: Rule,
    ) -> u16 {
        let n = n.min(self.resource(from, r));
        if n == 0 || from == to {
            return 0;
        }
        let players = &mut self.state.players;
        let left = players[from.ix()].resources.get(r) - n;
        players[from.ix()].resources.set(r, left);
        let got = players[to.ix()].resources.get(r).saturating_add(n);
        players[to.ix()].resources.set(r, got);
        self.emit(
            rule,
            EventKind::ResourceGiven {
                from,
                to,
                resource: r,
                amount: n,
            },
        );
        n
    }
}

/// A resource event in words (`Green takes 1 lucre`).
pub(crate) fn describe(n: &crate::event::Names, kind: &EventKind) -> Option<String> {
    Some(match *kind {
        EventKind::ResourceGained {
            player,
            resource,
            amount,
        } => format!("{} takes {amount} {}", n.player(player), resource.name()),
        EventKind::ResourcePaid {
            player,
            resource,
            amount,
        } => format!("{} pays {amount} {}", n.player(player), resource.name()),
        EventKind::ResourceGiven {
            from,
            to,
            resource,
            amount,
        } => format!(
            "{} gives {amount} {} to {}",
            n.player(from),
            resource.name(),
            n.player(to)
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_save_as_a_map_of_what_is_held() {
        let mut r = Resources::default();
        assert!(r.is_empty());
        assert_eq!(serde_json::to_string(&r).unwrap(), "{}");
        r.set(Resource::Lucre, 4);
        assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"lucre":4}"#);
        let back: Resources = serde_json::from_str(r#"{"lucre":4}"#).unwrap();
        assert_eq!(back, r);
        let bad = serde_json::from_str::<Resources>(r#"{"gold":1}"#).unwrap_err();
        assert!(bad.to_string().contains("not a resource"));
    }
}
