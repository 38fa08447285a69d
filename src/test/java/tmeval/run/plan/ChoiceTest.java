package tmeval.run.plan;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The word choices read back what they write, and refuse any other word by naming the allowed ones. */
class ChoiceTest {
    @Test
    void eachLabelParsesToItsConstantAndAnyOtherWordIsNamedWithTheAllowedOnes() {
        for (Vocabulary v : Vocabulary.values()) {
            assertEquals(v, Vocabulary.parse(v.label()));
            assertEquals(v, Vocabulary.of(v.intersects()));
        }
        for (UnknownWordsRule r : UnknownWordsRule.values()) {
            assertEquals(r, UnknownWordsRule.parse(r.label()));
            assertEquals(r, UnknownWordsRule.of(r == UnknownWordsRule.SMOOTH));
        }
        assertEquals("is strict or intersect, was 'Strict'", assertThrows(IllegalArgumentException.class, () -> Vocabulary.parse("Strict")).getMessage());
        assertEquals("is drop or smooth, was ''", assertThrows(IllegalArgumentException.class, () -> UnknownWordsRule.parse("")).getMessage());
    }
}
