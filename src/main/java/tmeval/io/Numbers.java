package tmeval.io;

/** Number parsing for readers: every failure becomes an input error at the current line. */
final class Numbers {
    private Numbers() {
    }

    static double parseDouble(LineReader in, String text, String what) throws InputException {
        if (!isPlainDecimal(text)) {
            throw in.error(what + " '" + abbreviate(text) + "' is not a number (plain decimal notation, as 0.25 or 2.5e-3)");
        }
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

    /**
     * Plain decimal notation: an optional sign, digits with an optional point (or a point and digits), an optional
     * exponent. {@link Double#parseDouble} also takes Java's forms (0.5d, 0.5f, 0x1p-1, NaN, Infinity, surrounding
     * spaces); none of them is a number in an input file. A character loop, not a regex: this runs once per value.
     */
    static boolean isPlainDecimal(String s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Whether c separates fields as {@code \s} does in a regex. */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    /** The start of the first field at or after {@code from} (the line's length if none). */
    static int fieldStart(String line, int from) {
        while (from < line.length() && isSpace(line.charAt(from))) {
            from++;
        }
        return from;
    }

    /** The end of the field that starts at {@code start}. */
    static int fieldEnd(String line, int start) {
        while (start < line.length() && !isSpace(line.charAt(start))) {
            start++;
        }
        return start;
    }

    /** The number of space-separated fields, counted without splitting (a huge line would split into millions). */
    static int countFields(String line) {
        int count = 0;
        for (int i = fieldStart(line, 0); i < line.length(); i = fieldStart(line, fieldEnd(line, i))) {
            count++;
        }
        return count;
    }

    /** The number of occurrences of a separator, counted without splitting. */
    static int count(String line, char separator) {
        int count = 0;
        for (int i = line.indexOf(separator); i >= 0; i = line.indexOf(separator, i + 1)) {
            count++;
        }
        return count;
    }

    static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}
