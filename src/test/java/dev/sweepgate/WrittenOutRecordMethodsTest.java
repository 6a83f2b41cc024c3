package dev.sweepgate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The records whose equals and hashCode are written out (a record's generated ones link method handles
 * on first use, on every run; docs/speed.md) keep what the generated ones do: equal exactly when every
 * component is, and the same hash, so that no map they key iterates in another order.
 */
class WrittenOutRecordMethodsTest {
    @ParameterizedTest
    @ValueSource(strings = {"dev.sweepgate.problem.Position", "dev.sweepgate.problem.Problem",
            "dev.sweepgate.problem.Excerpt", "dev.sweepgate.launch.LaunchTarget", "dev.sweepgate.config.RunnerConfig",
            "dev.sweepgate.config.RunnerConfig$Hardware", "dev.sweepgate.coverage.RowChanges$Identity",
            "dev.sweepgate.launch.shell.ScriptView$Key", "dev.sweepgate.launch.shell.ShellScript$Statement"})
    void equalExactlyWhenEveryComponentIsWithTheGeneratedHash(String name) throws Exception {
        Class<?> type = Class.forName(name);
        assertTrue(type.isRecord(), name);
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = sample(components[i].getType(), 0);
        }
        Object one = make(type, values);
        Object same = make(type, values.clone());
        assertEquals(one, same);
        assertEquals(generatedHash(one, components), one.hashCode(), name);
        assertEquals(one.hashCode(), same.hashCode());
        assertNotEquals(one, null);
        assertNotEquals(one, "not a " + type.getSimpleName());
        for (int i = 0; i < components.length; i++) {
            Object[] changed = values.clone();
            changed[i] = sample(components[i].getType(), 1);
            Object other = make(type, changed);
            assertNotEquals(one, other, name + " with another " + components[i].getName());
            assertNotEquals(other, one, name + " with another " + components[i].getName());
            assertEquals(generatedHash(other, components), other.hashCode(), name);
        }
    }

    /** What java.lang.runtime.ObjectMethods computes: 31 * h + the component's hash, from 0, in order. */
    private static int generatedHash(Object record, RecordComponent[] components) throws Exception {
        int h = 0;
        for (RecordComponent c : components) {
            c.getAccessor().setAccessible(true);
            h = h * 31 + Objects.hashCode(c.getAccessor().invoke(record));
        }
        return h;
    }

    private static Object make(Class<?> type, Object[] values) throws Exception {
        Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<?> canonical = type.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        return canonical.newInstance(values);
    }

    /** Two different values of a type (variant 0 and 1). */
    private static Object sample(Class<?> type, int variant) {
        if (type == String.class || type == Object.class) {
            return variant == 0 ? "a" : "b";
        } else if (type == int.class) {
            return variant == 0 ? 1 : 2;
        } else if (type == long.class) {
            return variant == 0 ? 1L : 2L;
        } else if (type == boolean.class) {
            return variant != 0;
        } else if (type == List.class) {
            return variant == 0 ? List.of() : List.of(7);
        } else if (type == Map.class) {
            return variant == 0 ? Map.of() : Map.of("k", List.of("v"));
        } else if (type.isEnum()) {
            return type.getEnumConstants()[variant];
        } else if (type == Position.class) {
            return new Position("configs/nvidia-master.yaml", 1 + variant, 1);
        } else if (type == Problem.Severity.class) {
            return Problem.Severity.values()[variant];
        } else if (type.isRecord()) {
            RecordComponent[] components = type.getRecordComponents();
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                values[i] = sample(components[i].getType(), i == 0 ? variant : 0);
            }
            try {
                return make(type, values);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no sample of " + type);
    }
}
