package dev.sweepgate.config;

import dev.sweepgate.problem.Position;

/**
 * One search-space entry, single- or multi-node, fixed-seq-len or agentic. Fields that were
 * not written are null unless configs.md gives a default (pp, dcp-size, pcp-size = 1;
 * spec-decoding = "none").
 *
 * @param tp              null for multi-node entries
 * @param ep              null when not written
 * @param dpAttn          null when not written
 * @param prefill         null for single-node entries
 * @param kvOffloading    agentic only; null when not written
 * @param kvOffloadBackend agentic only; null when not written
 * @param writtenParallelism true when pp, dcp-size or pcp-size was written (refused in multi-node agentic entries)
 */
public record SearchEntry(Integer tp, int pp, int dcpSize, int pcpSize, Integer ep, Boolean dpAttn,
                          String specDecoding, Component router, String kvP2pTransfer,
                          Concurrency concurrency, Worker prefill, Worker decode,
                          String kvOffloading, Component kvOffloadBackend, Position pos) {

    public boolean multiNode() {
        return prefill != null;
    }
}
