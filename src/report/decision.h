/*
 * The decision guide (decision.c): each scenario a suite names (run
 * --scenario, cb_scenario in result.h) answered from the run's own
 * figures: which candidate meets the target on this machine, each
 * candidate's figure, and its cost against the scheme it replaces.  Built
 * once as cells (cb_xtab, report_int.h) so the text, Markdown and HTML
 * writers show the same thing.
 */
#ifndef CB_REPORT_DECISION_H
#define CB_REPORT_DECISION_H

#include "report/report_int.h"

/*
 * One table per scenario of the run (none: *n = 0): a row per candidate
 * (backend, the figures used, the measured value, the target, whether it
 * meets it, its time against the `against` scheme) and, as the table's
 * note, the answer in one sentence filled in with the figures.  0, or
 * CB_ERR_NOMEM.  Free with cb_study_tables_free.
 */
int cb_decision_tables(const cb_run *run, cb_xtab **tabs, size_t *n);

#endif
