-- A rank reached, told to the member with its bonus (migration 0050_notifications.sql).
CREATE OR REPLACE FUNCTION notifications_of_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, data)
  SELECT n.member_id, 'rank_reached', jsonb_build_object('rank', r.name, 'bonus', n.bonus::text)
    FROM new_rows n JOIN ranks r ON r.id = n.rank_id;
  RETURN NULL;
END;
$$;
