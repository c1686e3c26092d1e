//! `GET /api/gallery`: every game sprague knows, grouped, with its rules, a
//! starting position and its picture, from the library's registries
//! ([`sprague_games::gallery`], [`sprague_nash::classics`]).

use super::picture::picture_json;
use axum::response::Response;
use serde_json::{Value, json};
use sprague_play::view;

/// The gallery as one JSON document: `groups`, each with its `key`, `title` and
/// `games` (`name`, `names`, `rules`, `example`, `table`, `partizan`, `drawing`; a
/// strategic game has `game`, its payoffs as the Nash view reads them).
pub(crate) fn gallery_json() -> Value {
    let items = sprague_games::gallery::gallery();
    let mut groups: Vec<Value> = sprague_games::gallery::GROUPS
        .iter()
        .map(|&(key, title)| {
            let games: Vec<Value> = items
                .iter()
                .filter(|i| i.group == key)
                .map(|i| {
                    let drawing: Vec<Value> = i
                        .example
                        .map(view::sum_drawing)
                        .unwrap_or_default()
                        .iter()
                        .map(|d| picture_json(d.component, &d.label, &d.heaps, &d.picture))
                        .collect();
                    json!({
                        "name": i.name,
                        "names": i.names,
                        "rules": i.rules,
                        "example": i.example,
                        "table": i.table,
                        "partizan": i.partizan,
                        "drawing": drawing,
                    })
                })
                .collect();
            json!({"key": key, "title": title, "games": games})
        })
        .collect();
    let strategic = classics();
    groups.push(json!({"key": "strategic", "title": "Strategic games", "games": strategic}));
    json!({ "groups": groups })
}

/// The library's classic strategic games, as the gallery lists them: each with
/// `game`, its payoffs as the Nash view reads them.
fn classics() -> Vec<Value> {
    sprague_nash::classics::CLASSICS
        .iter()
        .map(|c| {
            json!({
                "name": c.name,
                "names": [c.name],
                "rules": c.rules,
                "example": null,
                "table": false,
                "partizan": false,
                "drawing": [],
                "game": {
                    "rows": c.rows,
                    "cols": c.cols,
                    "row_payoffs": c.row_payoffs,
                    "col_payoffs": c.col_payoffs,
                },
            })
        })
        .collect()
}

/// `GET /api/gallery`.
pub(super) async fn gallery() -> Response {
    super::json_body(gallery_json().to_string())
}

/// `GET /api/classics`: the classic strategic games alone (`games`, as in the
/// gallery's group of strategic games), for the Nash view's menu of examples.
pub(super) async fn classics_list() -> Response {
    super::json_body(json!({ "games": classics() }).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_of_the_registries_is_in_the_gallery() {
        let doc = gallery_json();
        let names: Vec<&str> = doc["groups"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["games"].as_array().unwrap())
            .flat_map(|i| i["names"].as_array().unwrap())
            .map(|n| n.as_str().unwrap())
            .collect();
        for f in sprague_games::known_families() {
            assert!(names.contains(&f), "{f} is missing from /api/gallery");
        }
        for c in sprague_nash::classics::CLASSICS {
            assert!(names.contains(&c.name), "{} is missing", c.name);
        }
        // A game with a starting position has its picture.
        let nim = &doc["groups"][0]["games"][0];
        assert_eq!(nim["name"], "nim");
        assert_eq!(nim["drawing"][0]["kind"], "heaps");
    }
}
