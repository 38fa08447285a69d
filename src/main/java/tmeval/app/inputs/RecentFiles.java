package tmeval.app.inputs;

import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;

/**
 * Where the recent-files menu is kept between sessions: the user's Java preferences in the workbench, memory in
 * tests (which must never write into the user's preferences).
 */
public interface RecentFiles {
    /** The saved list, most recent first. */
    List<String> load();

    void save(List<String> files);

    /** The user's preference store, under the node earlier versions used; a machine without a writable store does without. */
    static RecentFiles preferences() {
        return new RecentFiles() {
            private static final String KEY = "recent";

            @Override
            public List<String> load() {
                List<String> out = new ArrayList<>();
                try {
                    for (String s : node().get(KEY, "").split("\n")) {
                        if (!s.isBlank()) {
                            out.add(s);
                        }
                    }
                } catch (SecurityException | IllegalStateException ignored) {
                    // recent files are a convenience
                }
                return out;
            }

            @Override
            public void save(List<String> files) {
                try {
                    node().put(KEY, String.join("\n", files));
                } catch (SecurityException | IllegalStateException ignored) {
                    // as above
                }
            }

            private Preferences node() {
                return Preferences.userRoot().node("tmeval/app");
            }
        };
    }

    /** A list that lives as long as the object. */
    static RecentFiles inMemory() {
        return new RecentFiles() {
            private List<String> files = List.of();

            @Override
            public List<String> load() {
                return files;
            }

            @Override
            public void save(List<String> f) {
                files = List.copyOf(f);
            }
        };
    }
}
