package tmeval.app.curves;

/**
 * A method's 95% interval over runs of the corpus log-likelihood at one snapshot: the interval {@code tmeval curve}
 * prints ({@link tmeval.run.exec.CurveRunner#intervals}), drawn as an error bar.
 */
public record CurveInterval(String method, double iteration, double mean, double low, double high) {
    /** The legend text of a method's error bars. */
    public String label() {
        return method + ": 95% interval over runs";
    }

    /** The method's colour, as its lines'. */
    public int colour() {
        return new CurveSeries(method, 0).colour();
    }
}
