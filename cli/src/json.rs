//! The JSON documents the CLI prints for scripts (`sim`, `bench`, `lint`, `cards`). Each is
//! an object whose first field, `format`, is the version of its shape, so a script can tell
//! a document it knows from one it does not. (`play --json` prints the event log, whose
//! version is the engine's `LOG_FORMAT`.)

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// The version of the documents' shapes; bumped whenever a field is renamed, removed or
/// changes meaning (adding a field does not bump it).
pub const JSON_FORMAT: u32 = 1;

/// Prints `body` (a struct) as a JSON document: `format`, then the body's own fields.
pub fn print_document(body: &impl Serialize) -> miette::Result<()> {
    println!("{}", document_text(body)?);
    Ok(())
}

/// `body` (a struct) as the text of a JSON document: `format`, then the body's own fields.
pub fn document_text(body: &impl Serialize) -> miette::Result<String> {
    #[derive(Serialize)]
    struct Document<'a, T> {
        format: u32,
        #[serde(flatten)]
        body: &'a T,
    }
    serde_json::to_string_pretty(&Document {
        format: JSON_FORMAT,
        body,
    })
    .map_err(|e| miette::miette!("{e}"))
}

/// Prints `items` as a JSON document: `format`, then the list under `key`.
pub fn print_list<T: Serialize>(key: &'static str, items: &[T]) -> miette::Result<()> {
    struct List<'a, T> {
        key: &'static str,
        items: &'a [T],
    }
    impl<T: Serialize> Serialize for List<'_, T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(2))?;
            map.serialize_entry("format", &JSON_FORMAT)?;
            map.serialize_entry(self.key, self.items)?;
            map.end()
        }
    }
    print(&List { key, items })
}

fn print(value: &impl Serialize) -> miette::Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(|e| miette::miette!("{e}"))?;
    println!("{text}");
    Ok(())
}
