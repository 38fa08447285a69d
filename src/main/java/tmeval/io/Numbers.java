package tmeval.io;

/** Number parsing for readers: every failure becomes an input error at the current line. */
final class Numbers {
    private Numbers() {
    }

    static double parseDouble(LineReader in, String text, String what) throws InputException {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw in.error(what + " '" + abbreviate(text) + "' is not a number");
        }
        if (!Double.isFinite(v)) {
            throw in.error(what + " is " + text + ", not a finite number");
        }
        return v;
    }

    static double parseProbability(LineReader in, String text, String what) throws InputException {
        double v = parseDouble(in, text, what);
        if (v < 0 || v > 1) {
            throw in.error(what + " is " + text + ", not a probability between 0 and 1");
        }
        return v;
    }

    static double parsePositive(LineReader in, String text, String what) throws InputException {
        double v = parseDouble(in, text, what);
        if (!(v > 0)) {
            throw in.error(what + " is " + text + ", it must be positive");
        }
        return v;
    }

    static long parseLong(LineReader in, String text, String what) throws InputException {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw in.error(what + " '" + abbreviate(text) + "' is not a whole number");
        }
    }

    static int parseInt(LineReader in, String text, String what, long min, long max) throws InputException {
        long v = parseLong(in, text, what);
        if (v < min || v > max) {
            throw in.error(what + " " + v + " is out of range [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}
