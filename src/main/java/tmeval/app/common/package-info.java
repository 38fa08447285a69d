/**
 * What the screens share: the loaded inputs and the prepared pair ({@code Workspace}), the stream of results and its
 * table ({@code Results}), the task executors (background, and same-thread for tests), chart styling and export, and
 * how failures are worded. Depends on run and the engine; imports no screen.
 */
package tmeval.app.common;
