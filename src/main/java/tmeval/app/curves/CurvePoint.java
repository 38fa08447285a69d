package tmeval.app.curves;

/** A point of a chart. */
public record CurvePoint(CurveSeries series, double iteration, double value) {
}
