-- Refuses a push subscription our server could not or must not send to, with
-- a message that says what is wrong (SQLSTATE 22023: 400 through the data
-- API). A trigger on public.push_subscriptions (migration 0023). Only the
-- form is checked here: that the endpoint's host resolves to a public
-- address is checked by the server when it sends (server/src/push/), because
-- a name can resolve differently later (docs/decisions/043-web-push.md).
CREATE OR REPLACE FUNCTION journal_private.check_push_subscription() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  max_endpoint_length CONSTANT integer := 2048;
  max_label_length CONSTANT integer := 200;
  max_devices CONSTANT integer := 20;
BEGIN
  -- https only, a host and no credentials, no spaces: push services give URLs
  -- such as https://fcm.googleapis.com/fcm/send/… or https://web.push.apple.com/….
  IF NEW.endpoint IS NULL OR length(NEW.endpoint) > max_endpoint_length
     OR NEW.endpoint !~ '^https://[A-Za-z0-9.:\[\]-]+(/[^[:space:]]*)?$' THEN
    RAISE EXCEPTION 'A push endpoint must be an https URL of at most % characters', max_endpoint_length
      USING ERRCODE = '22023';
  END IF;
  -- An uncompressed P-256 point (65 bytes, the first 0x04) and a 16-byte
  -- secret, in unpadded base64url, as PushSubscription.toJSON() gives them.
  IF NEW.p256dh IS NULL OR NEW.p256dh !~ '^B[A-Za-z0-9_-]{86}$' THEN
    RAISE EXCEPTION 'The subscription''s p256dh key must be a P-256 public key in base64url (87 characters)'
      USING ERRCODE = '22023';
  END IF;
  IF NEW.auth IS NULL OR NEW.auth !~ '^[A-Za-z0-9_-]{21}[AQgw]$' THEN
    RAISE EXCEPTION 'The subscription''s auth secret must be 16 bytes in base64url (22 characters)'
      USING ERRCODE = '22023';
  END IF;
  IF NEW.user_agent IS NULL OR length(NEW.user_agent) > max_label_length THEN
    RAISE EXCEPTION 'A device label is at most % characters', max_label_length
      USING ERRCODE = '22023';
  END IF;
  -- Counted one insert of the person at a time: on PostgreSQL, parallel
  -- inserts each counted before any committed, and 40 at once stored 21. The
  -- lock is the person's alone and lasts until the transaction ends, so the
  -- count (a new snapshot, this function being volatile) sees the rows of
  -- every insert that held it before.
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('push_subscriptions:' || NEW.user_id::text, 0));
  END IF;
  IF TG_OP = 'INSERT' AND (SELECT count(*) FROM public.push_subscriptions p
                           WHERE p.user_id = NEW.user_id) >= max_devices THEN
    RAISE EXCEPTION 'At most % devices can get notifications; remove one first', max_devices
      USING ERRCODE = '22023';
  END IF;
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION journal_private.check_push_subscription() FROM PUBLIC, anon, authenticated;
