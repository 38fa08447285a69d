/**
 * Every file a run writes and reads back: one format class per output kind (estimate, compare, curve, select, calibrate rows; the provenance header; sessions), the corpus summaries, the sample data's copy. Depends on plan, exec and certify; never on how a run was chosen or distributed.
 */
package tmeval.run.output;
