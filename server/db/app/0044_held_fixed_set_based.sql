-- The held-fixed model's sums are set-based statements over the cells
-- (docs/decisions/101): its normal equations and scores take each cell's
-- columns as a part, an activity and a mask of bits, so their former
-- signatures go; a function file creates the new ones.
DROP FUNCTION IF EXISTS journal_private.held_fixed_normal_equations(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer);
DROP FUNCTION IF EXISTS journal_private.held_fixed_scores(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, float8[], float8[]);
