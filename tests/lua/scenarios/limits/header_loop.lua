-- The header reader runs with a small budget: a loop before scenario{} ends it.
while true do end
