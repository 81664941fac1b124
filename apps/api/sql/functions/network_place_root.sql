-- Trigger members_network_root (AFTER INSERT ON members, for the member
-- without a sponsor; migration 0003_network.sql): the company's root member
-- tops the binary placement tree from the moment it exists, at path B'1'.
-- See docs/decisions/0005-network-path-keys-and-rollup.md.
CREATE OR REPLACE FUNCTION network_place_root() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO network_nodes (member_id, depth, path) VALUES (NEW.user_id, 0, B'1');
  RETURN NULL;
END $$;
