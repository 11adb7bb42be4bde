-- The search box's ranking (docs/search.md#ranking): a row matches when its folded text has every word of the query
-- (to_tsvector('simple', ...) @@ plainto_tsquery('simple', ...)) or the phrase (the trigram indexes of 0005); these
-- GIN indexes hold the tsvector of the very expressions 0005 folds, so the words' half is served too.
CREATE INDEX IF NOT EXISTS meetings_search_tsv_idx ON meeting.meetings USING gin (to_tsvector('simple'::regconfig, meeting.search_fold(title || ' ' || coalesce(description, ''))));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS talking_points_search_tsv_idx ON meeting.talking_points USING gin (to_tsvector('simple'::regconfig, meeting.search_fold(title || ' ' || coalesce(description, ''))));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS decisions_search_tsv_idx ON meeting.decisions USING gin (to_tsvector('simple'::regconfig, meeting.search_fold(title || ' ' || coalesce(description, ''))));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS comments_search_tsv_idx ON meeting.comments USING gin (to_tsvector('simple'::regconfig, meeting.search_fold(comment)));
