//! rustsat's solver traits for the backends, written once for both: each trait call goes to
//! the [`Backend`](super::Backend) method that does the same, so a backend answers rustsat's
//! callers exactly as it answers ours.
//!
//! rustsat's traits are foreign and so are their blanket targets, so the orphan rule forbids
//! one `impl<B: Backend>`; a macro writes the same impls for each backend type instead.

/// Implements `Extend<Clause>`, `Extend<&Clause>`, `Solve`, `SolveIncremental` and
/// `SolveStats` for a backend type with a `usage` field and a `deferred_error` field:
/// `Extend` cannot return an error, so the backend keeps the first one and its next solve
/// call returns it (through `take_deferred_error`, which the macro writes too).
macro_rules! impl_rustsat_traits {
    ($backend:ty) => {
        impl $backend {
            fn add_clause_or_defer_error(&mut self, clause: &[rustsat::types::Lit]) {
                if let Err(err) = $crate::solver::Backend::add_clause(self, clause) {
                    self.deferred_error.get_or_insert(err);
                }
            }

            fn take_deferred_error(&mut self) -> Result<(), $crate::solver::BackendError> {
                self.deferred_error.take().map_or(Ok(()), Err)
            }
        }

        impl Extend<rustsat::types::Clause> for $backend {
            fn extend<T: IntoIterator<Item = rustsat::types::Clause>>(&mut self, clauses: T) {
                clauses.into_iter().for_each(|clause| {
                    self.add_clause_or_defer_error(AsRef::<[rustsat::types::Lit]>::as_ref(&clause));
                });
            }
        }

        impl<'a> Extend<&'a rustsat::types::Clause> for $backend {
            fn extend<T: IntoIterator<Item = &'a rustsat::types::Clause>>(&mut self, clauses: T) {
                clauses.into_iter().for_each(|clause| {
                    self.add_clause_or_defer_error(AsRef::<[rustsat::types::Lit]>::as_ref(clause));
                });
            }
        }

        impl rustsat::solvers::Solve for $backend {
            fn signature(&self) -> &'static str {
                $crate::solver::Backend::signature(self)
            }

            fn solve(&mut self) -> anyhow::Result<rustsat::solvers::SolverResult> {
                $crate::solver::into_anyhow($crate::solver::Backend::solve_under(self, &[]))
            }

            fn lit_val(
                &self,
                lit: rustsat::types::Lit,
            ) -> anyhow::Result<rustsat::types::TernaryVal> {
                let value = $crate::solver::Backend::value(self, lit.var());
                let positive = $crate::solver::into_anyhow(value)?;
                Ok(rustsat::types::TernaryVal::from(positive != lit.is_neg()))
            }

            fn add_clause_ref<C>(&mut self, clause: &C) -> anyhow::Result<()>
            where
                C: AsRef<rustsat::types::Cl> + ?Sized,
            {
                let lits: &[rustsat::types::Lit] = clause.as_ref().as_ref();
                $crate::solver::into_anyhow($crate::solver::Backend::add_clause(self, lits))
            }
        }

        impl rustsat::solvers::SolveIncremental for $backend {
            fn solve_assumps(
                &mut self,
                assumps: &[rustsat::types::Lit],
            ) -> anyhow::Result<rustsat::solvers::SolverResult> {
                $crate::solver::into_anyhow($crate::solver::Backend::solve_under(self, assumps))
            }

            fn core(&mut self) -> anyhow::Result<Vec<rustsat::types::Lit>> {
                // rustsat's core is the clause of negated failed assumptions.
                let failed = $crate::solver::Backend::failed_assumptions(self);
                let failed = $crate::solver::into_anyhow(failed)?;
                Ok(failed.into_iter().map(|lit| !lit).collect())
            }
        }

        impl rustsat::solvers::SolveStats for $backend {
            fn stats(&self) -> rustsat::solvers::SolverStats {
                self.usage.to_rustsat()
            }
        }
    };
}

pub(super) use impl_rustsat_traits;
