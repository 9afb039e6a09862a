-- Search that ignores case and accents (issue 23): `tern_fold(text)` is the text in lower case without the marks
-- of letters (Unicode's decomposition, NFD, its combining marks taken off) and with the letters that have none
-- written plain (ð → d, ø → o, ł → l, æ → ae, þ → th, ß → ss, œ → oe), so "bjork" finds "Björk" and
-- "thingvellir" finds "Þingvellir". In SQL, not the `unaccent` extension: PGlite loads that only as an extra
-- module, and a PostgreSQL server may not have contrib (`normalize` needs a UTF-8 database, which Tern's are).
-- A text of ASCII alone (one byte a character) is only lowered: folding costs about ten times `lower` on PGlite.
-- Not `strict`, so the planner inlines it into the query (a function call a row cost as much again). Lists fold
-- both sides (services/listQuery.ts); immutable, so an index on a folded column can come when a list needs one.
create or replace function tern_fold(value text) returns text
  language sql immutable parallel safe
  as $$
    select case
      when octet_length(value) = length(value) then lower(value)
      else lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(translate(
        regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g'),
        'ðÐøØđĐħĦıłŁŧŦĸſ', 'ddooddhhillttks'),
        'æ', 'ae'), 'Æ', 'ae'), 'þ', 'th'), 'Þ', 'th'), 'ß', 'ss'), 'ẞ', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'ĳ', 'ij'), 'Ĳ', 'ij'))
    end
  $$;
