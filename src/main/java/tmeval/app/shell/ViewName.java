package tmeval.app.shell;

import tmeval.app.teaching.TeachingView;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The views' names, the one place they live: the workbench's tabs and View menu, {@code --screenshot ... --view NAME}
 * and its list of names. A teaching sub-tab is {@code teaching-TAB} (the teaching view itself shows its first).
 *
 * @param name what {@code --view} takes
 * @param title the View menu's entry; null for a sub-tab, which has none
 * @param tab the view's tab in the workbench
 * @param subTab the teaching sub-tab, or null
 */
record ViewName(String name, String title, String tab, String subTab) {
    static final String TEACHING = "teaching";

    /** The workbench's views in the order of its tabs, each teaching sub-tab after the teaching view. */
    static final List<ViewName> ALL = all();

    private static List<ViewName> all() {
        List<ViewName> views = new ArrayList<>();
        String[][] tabs = {{"scatter", "Per-document scatter"}, {"brackets", "Brackets"}, {"table", "Variance table"},
                {"curves", "Iteration curves"}, {"document", "Document"}, {TEACHING, "Teaching"}, {"whichk", "Which K?"},
                {"covariates", "Covariates"}};
        for (String[] t : tabs) {
            views.add(new ViewName(t[0], t[1], t[0], null));
            if (t[0].equals(TEACHING)) {
                TeachingView.TABS.forEach(sub -> views.add(new ViewName(TEACHING + "-" + sub, null, TEACHING, sub)));
            }
        }
        return List.copyOf(views);
    }

    static Optional<ViewName> of(String name) {
        return ALL.stream().filter(v -> v.name.equals(name)).findFirst();
    }

    /** The names, comma-separated, for a message. */
    static String names() {
        return String.join(", ", ALL.stream().map(ViewName::name).toList());
    }
}
