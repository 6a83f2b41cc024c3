package dev.sweepgate.sweep.reuse;

import dev.sweepgate.matrix.Row;

/**
 * A row of the merged sweep that the source run did not run with the same recipe, so it must run again.
 *
 * @param bucket where the row goes in the sweep ({@code single_node.8k1k}, {@code evals})
 * @param config the config the row comes from; null when no config of its entry generates it alone
 * @param eval   whether it is an eval row
 * @param detail what differs, in words
 */
public record Rerun(String bucket, String config, Reason reason, String detail, Row row, boolean eval) {
    /** Why a row runs again. */
    public enum Reason {
        CONFIG_CHANGED("config-changed", "config changed after the run"),
        ENTRY_CHANGED("entry-changed", "entry changed after the run"),
        NEW_ROW("new-row", "new row"),
        NOT_OF_PULL_REQUEST("not-of-pull-request", "the source run is not of this pull request");

        private final String id;
        private final String words;

        Reason(String id, String words) {
            this.id = id;
            this.words = words;
        }

        /** The reason as the JSON report names it. */
        public String id() {
            return id;
        }

        /** The reason as the text report says it. */
        public String words() {
            return words;
        }
    }
}
