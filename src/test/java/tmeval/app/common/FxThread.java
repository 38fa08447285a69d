package tmeval.app.common;

import javafx.application.Platform;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.testfx.api.FxToolkit;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs each test (and its set-up and tear-down) on the FX thread, the toolkit started once, headless, with no
 * window shown: with a {@link CurrentThreadTaskExecutor} a view-model's tasks then finish, success and failure
 * handlers included, before the call that started them returns, so view-model tests are plain and wait for nothing.
 * The toolkit is started the way TestFX starts it: TestFX installs its headless Monocle platform before the
 * toolkit starts, and a toolkit started otherwise (Platform.startup) leaves the robots of the end-to-end tests that
 * run later in the same JVM clicking on a platform no window is on.
 */
public final class FxThread implements BeforeAllCallback, InvocationInterceptor {
    private static boolean started;

    @Override
    public void beforeAll(ExtensionContext context) {
        // TestFX keeps the toolkit (and its primary stage, never shown here) for the whole JVM
        synchronized (FxThread.class) {
            if (!started) {
                try {
                    FxToolkit.registerPrimaryStage();
                } catch (TimeoutException e) {
                    throw new IllegalStateException("the JavaFX toolkit did not start", e);
                }
                started = true;
            }
        }
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext extensionContext) throws Throwable {
        onFxThread(invocation);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext extensionContext) throws Throwable {
        onFxThread(invocation);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext extensionContext) throws Throwable {
        onFxThread(invocation);
    }

    private static void onFxThread(Invocation<Void> invocation) throws Throwable {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                invocation.proceed();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        try {
            // two minutes for a test; a benchmark on the FX thread (AutoCostPreviewBench) says how long it may take
            done.get(Long.getLong("tmeval.fxThread.timeoutSeconds", 120), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause();
        }
    }
}
