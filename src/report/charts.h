/*
 * Internal to src/report: the charts of a run.  HTML gets them as inline
 * SVG (no script, no network); Markdown gets the line charts' data as
 * tables, the other charts being drawn from tables it already has.
 *
 * Every drawn element carries a stable class and a data-of attribute
 * naming its chart, so a test can count them in the page:
 *   <figure class="chart" data-chart="ops|sweep|threads|wire|published|claims">
 *   <rect class="bar" data-of="ops|wire|published|claims">  one per bar
 *   <line class="whisker" data-of="ops|claims">               95% interval
 *   <g class="series" data-of="sweep|threads">               one per line
 *   <path class="marker published" data-of="claims">          a published ratio
 */
#ifndef CB_REPORT_CHARTS_H
#define CB_REPORT_CHARTS_H

#include <stdio.h>

#include "report_int.h"

/*
 * The charts of one run (which: CB_CHARTS_*), each under a heading of
 * level h (a heading only for the kinds the run has): the evidence's line
 * charts (message-size sweeps, thread scaling against ideal) before its
 * bar charts of operations per second.  xt[0..nx) are the run's study tables
 * (cb_study_tables): the wire bytes and the published figures are drawn
 * from them, so the chart and the table show the same numbers.  prefix
 * makes the SVG ids unique in the page (one per run).
 */
/* Which charts: those of the answer (published against measured, bytes on the wire), those of the evidence (the rest). */
#define CB_CHARTS_ANSWER 1u
#define CB_CHARTS_EVIDENCE 2u
int cb_charts_html(FILE *f, const cb_run *run, const cb_xtab *xt, size_t nx, int h, const char *prefix,
		   unsigned which);

/* The message-size sweeps and thread scaling of the run as Markdown tables (none: nothing written). */
int cb_charts_md(FILE *f, const cb_run *run);

#endif
