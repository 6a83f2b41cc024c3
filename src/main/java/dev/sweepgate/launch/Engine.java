package dev.sweepgate.launch;

import java.util.Locale;

/** The serving engine of a config, as its {@code framework} names it; it decides how acceptance is simulated. */
public enum Engine {
    VLLM("vLLM"), SGLANG("SGLang"), TRTLLM("TRT-LLM"), ATOM("ATOM");

    private final String label;

    Engine(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The engine of a framework ({@code dynamo-sglang} is SGLang, {@code trt} TRT-LLM), or null. */
    public static Engine of(String framework) {
        String f = framework == null ? "" : framework.toLowerCase(Locale.ROOT);
        if (f.contains("vllm")) {
            return VLLM;
        }
        if (f.contains("sglang")) {
            return SGLANG;
        }
        if (f.contains("trt")) {
            return TRTLLM;
        }
        if (f.contains("atom")) {
            return ATOM;
        }
        return null;
    }
}
