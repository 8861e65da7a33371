//! The thinking indicator: a bot at a table with a human says it is thinking when a decision
//! takes longer than a moment (a search bot playing its rollouts).

use cosmic_engine::decision::{Answer, Decision, Refusal};
use cosmic_engine::{Agent, AgentError, View};
use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

/// How long a decision may take before the indicator shows.
const MOMENT: Duration = Duration::from_millis(300);

/// A bot that prints `(Green is thinking...)` on stderr when it takes longer than a moment.
pub struct Thinking {
    inner: Box<dyn Agent>,
}

impl Thinking {
    /// Wraps `inner`.
    pub fn new(inner: Box<dyn Agent>) -> Thinking {
        Thinking { inner }
    }
}

impl Agent for Thinking {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        let who = view.names().player(view.me()).to_string();
        let (done, wait) = mpsc::channel::<()>();
        // The indicator waits on its own thread, so the search runs undisturbed.
        let shown = std::thread::spawn(move || {
            if wait.recv_timeout(MOMENT).is_err() {
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "({who} is thinking...)");
                let _ = err.flush();
                let _ = wait.recv();
                let _ = writeln!(err);
                return true;
            }
            false
        });
        let answer = self.inner.decide(view, decision);
        let _ = done.send(());
        let _ = shown.join();
        answer
    }

    fn refused(&mut self, view: &View, decision: &Decision, answer: &Answer, why: &Refusal) {
        self.inner.refused(view, decision, answer, why);
    }

    fn name(&self) -> &str {
        self.inner.name()
    }

    fn reads_advice(&self) -> bool {
        self.inner.reads_advice()
    }

    fn shadow(&mut self, view: &View, decision: &Decision) {
        self.inner.shadow(view, decision);
    }

    fn searches(&self) -> bool {
        self.inner.searches()
    }
}
