"""The club's tokens (club/auth.py): what a table's laptop is given to type after --token."""

from comando_host.club import auth


def test_no_token_begins_with_a_dash_a_command_line_would_take_for_an_option():
    # base64url's alphabet has "-": before the fix one token in 64 began with it, and
    # `comando play --club URL --token -abc...` failed ("expected one argument"); 3,000 tokens
    # would show one with near certainty (1 - (63/64)**3000)
    tokens = [auth.new_token() for _ in range(3000)]
    assert all(t[0] != "-" for t in tokens)
    assert len(set(tokens)) == len(tokens) and all(len(t) >= 43 for t in tokens)
    assert auth.token_hash(tokens[0]) != auth.token_hash(tokens[1])
