package dev.sweepgate.sweep.canary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The canary as run-sweep.yml's canary-select picks it, on sweeps written out in full. */
class CanaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String select(String sweep) {
        return Canary.select(json(sweep)).toString().replace('"', '\'');
    }

    @Test
    void theLowestConcOfBothBucketsIsTheCanaryAndLeavesTheRest() {
        String sweep = "{'single_node':{'1k1k':[{'n':1,'conc':8},{'n':2,'conc':4}],'8k1k':[{'n':3,'conc':2},{'n':4,'conc':16}]},"
                + "'multi_node':{},'evals':[{'n':5,'conc':1}],'changelog_metadata':{'entries':[]}}";
        assertEquals("{'canary':[{'n':3,'conc':2}],'remaining':{'single_node':{'1k1k':[{'n':1,'conc':8},{'n':2,'conc':4}],"
                + "'8k1k':[{'n':4,'conc':16}]},'multi_node':{},'evals':[{'n':5,'conc':1}],'changelog_metadata':{'entries':[]}}}",
                select(sweep), "evals and multi-node rows are never the canary");
    }

    @Test
    void ofEqualConcsTheFirstWins1k1kBefore8k1k() {
        assertEquals("{'canary':[{'n':2,'conc':4}],'remaining':{'single_node':{'8k1k':[{'n':4,'conc':4}],"
                + "'1k1k':[{'n':1,'conc':8},{'n':3,'conc':4}]}}}",
                select("{'single_node':{'8k1k':[{'n':4,'conc':4}],'1k1k':[{'n':1,'conc':8},{'n':2,'conc':4},{'n':3,'conc':4}]}}"),
                "1k1k's rows come first whatever the buckets' order in the document, and the buckets keep their places");
    }

    @Test
    void rowsThatRunAnEvalAreNeverTheCanaryButOnlyTheBooleanTrueCounts() {
        assertEquals("{'canary':[{'conc':2,'run-eval':'true'}],'remaining':{'single_node':{'1k1k':[{'conc':1,'run-eval':true},"
                + "{'conc':4,'run-eval':false}],'8k1k':[]}}}",
                select("{'single_node':{'1k1k':[{'conc':1,'run-eval':true},{'conc':4,'run-eval':false},{'conc':2,'run-eval':'true'}]}}"));
    }

    @Test
    void withoutCandidatesTheCanaryIsEmptyAndBothBucketsAreStillThere() {
        assertEquals("{'canary':[],'remaining':{'single_node':{'agentic':[{'conc':1}],'1k1k':[],'8k1k':[]},'evals':[]}}",
                select("{'single_node':{'agentic':[{'conc':1}]},'evals':[]}"));
        assertEquals("{'canary':[],'remaining':{'evals':[],'single_node':{'1k1k':[],'8k1k':[]}}}", select("{'evals':[]}"),
                "a sweep without single_node gains it, after the other keys");
    }

    @Test
    void onlyOneOfTwoIdenticalRowsIsTaken() {
        assertEquals("{'canary':[{'conc':1}],'remaining':{'single_node':{'1k1k':[{'conc':1},{'conc':2}],'8k1k':[]}}}",
                select("{'single_node':{'1k1k':[{'conc':1},{'conc':1},{'conc':2}]}}"));
    }

    @Test
    void concsCompareInJqsOrder() {
        assertEquals("{'canary':[{'n':2}],'remaining':{'single_node':{'1k1k':[{'n':1,'conc':0.5},{'n':3,'conc':'1'}],'8k1k':[]}}}",
                select("{'single_node':{'1k1k':[{'n':1,'conc':0.5},{'n':2},{'n':3,'conc':'1'}]}}"),
                "a missing conc is null, which sorts before every number");
        assertEquals("{'canary':[{'conc':0.5}],'remaining':{'single_node':{'1k1k':[{'conc':10},{'conc':'1'}],'8k1k':[]}}}",
                select("{'single_node':{'1k1k':[{'conc':10},{'conc':'1'},{'conc':0.5}]}}"), "numbers by value, before strings");
    }

    @Test
    void theGivenSweepIsNotChanged() {
        JsonNode sweep = json("{'single_node':{'1k1k':[{'conc':1}]}}");
        Canary.select(sweep);
        assertEquals("{\"single_node\":{\"1k1k\":[{\"conc\":1}]}}", sweep.toString());
    }
}
