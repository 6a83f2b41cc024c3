package dev.sweepgate.sweep.priority;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.PythonJson;
import java.math.BigInteger;
import java.util.Set;

/**
 * What a job's score depends on, read from the job as the reference reads it: a value compared
 * with the policy's names is the job's value as Python's {@code str()} spells it ({@code 8},
 * {@code True}, {@code None}); a list or object matches no name.
 *
 * @param nodeCount the job's {@code node-count}, or null when it has none (one node)
 */
record Facts(boolean multiNode, boolean agentic, boolean evalOnly, String precision, String specDecoding,
             String framework, String modelPrefix, JsonNode nodeCount) {

    static Facts of(JsonNode job) {
        JsonNode prefill = job.get("prefill");
        JsonNode scenario = job.get("scenario-type");
        JsonNode evalOnly = job.get("eval-only");
        return new Facts(prefill != null && !prefill.isNull(),
                scenario != null && scenario.isTextual() && scenario.textValue().equals("agentic-coding"),
                evalOnly != null && evalOnly.isBoolean() && evalOnly.booleanValue(),
                str(job.get("precision")), str(job.get("spec-decoding")), str(job.get("framework")),
                str(job.get("model-prefix")), job.get("node-count"));
    }

    /**
     * The facts a classifier's criteria name, and no others: a criterion counts only where the
     * job has the fact (the criteria of a change apply to the jobs they describe).
     */
    Facts onlyNamedBy(Set<String> criteria, PriorityPolicy policy) {
        return new Facts(multiNode && criteria.contains("multi-node"), agentic && criteria.contains("agentic"),
                evalOnly && criteria.contains("eval-only"),
                criteria.contains(precision) ? precision : "", criteria.contains(specDecoding) ? specDecoding : "",
                namedPrefix(framework, policy.frameworkPrefix().keySet(), criteria) ? framework : "",
                namedPrefix(modelPrefix, policy.modelPrefix().keySet(), criteria) ? modelPrefix : "", nodeCount);
    }

    private static boolean namedPrefix(String value, Set<String> prefixes, Set<String> criteria) {
        for (String prefix : prefixes) {
            if (criteria.contains(prefix) && hasPrefix(value, prefix)) {
                return true;
            }
        }
        return false;
    }

    /** {@code value} is {@code prefix}, or starts with it and a dash. */
    static boolean hasPrefix(String value, String prefix) {
        return value != null && value.startsWith(prefix)
                && (value.length() == prefix.length() || value.charAt(prefix.length()) == '-');
    }

    /** Whether the job may be scored: node-count absent or an integer of at least 1 (never a boolean or 1.0). */
    boolean validNodeCount() {
        return nodeCount == null || nodeCount.isIntegralNumber() && nodeCount.bigIntegerValue().signum() > 0;
    }

    /** Python's {@code str()} of a JSON value; {@code ""} when absent, null (matching nothing) for a list or object. */
    static String str(JsonNode value) {
        if (value == null) {
            return "";
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isNull()) {
            return "None";
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? "True" : "False";
        }
        if (value.isIntegralNumber()) {
            BigInteger number = value.bigIntegerValue();
            return number.toString();
        }
        if (value.isNumber()) {
            double number = value.doubleValue();
            if (Double.isNaN(number)) {
                return "nan";
            }
            if (Double.isInfinite(number)) {
                return number > 0 ? "inf" : "-inf";
            }
            return PythonJson.floatRepr(number);
        }
        return null;
    }
}
